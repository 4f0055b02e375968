import { SendHorizontal } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MAX_LENGTH, chatLength } from '../../models/ChatMessage';
import { useStores } from '../../stores/StoresContext';

/** The message box: the 120-character counter, Enter to send, and the send throttle (SPEC §5). */
export const ChatInput = observer(function ChatInput() {
  const { chat } = useStores();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [cooling, setCooling] = useState(false);
  const length = chatLength(text);
  const tooLong = length > CHAT_MAX_LENGTH;
  const blank = text.trim() === '';

  const lastSentAt = chat.lastSentAt;
  useEffect(() => {
    const wait = chat.throttleRemaining();
    if (wait <= 0) return;
    setCooling(true);
    const timer = setTimeout(() => setCooling(false), wait);
    return () => clearTimeout(timer);
  }, [chat, lastSentAt]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (chat.send(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a candidate; it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-zinc-100 bg-white/90 p-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/90">
      <div
        className={`flex items-end gap-2 rounded-2xl bg-zinc-100 py-1.5 pl-3.5 pr-1.5 ring-1 transition focus-within:bg-white focus-within:ring-brand-500 dark:bg-zinc-800 dark:focus-within:bg-zinc-900 ${
          tooLong ? 'ring-red-500' : 'ring-transparent'
        }`}
      >
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          aria-invalid={tooLong}
          className="max-h-28 min-h-9 flex-1 resize-none bg-transparent py-2 text-sm outline-none [field-sizing:content] placeholder:text-zinc-400"
        />
        <span
          data-testid="chat-counter"
          aria-label={t('chat.counter', { count: length, max: CHAT_MAX_LENGTH })}
          className={`mb-2.5 shrink-0 text-[11px] tabular-nums ${tooLong ? 'font-semibold text-red-600' : 'text-zinc-400'}`}
        >
          {length}/{CHAT_MAX_LENGTH}
        </span>
        <button
          type="submit"
          aria-label={t('chat.send')}
          disabled={blank || tooLong || cooling}
          className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-600 text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-zinc-300 dark:disabled:bg-zinc-700"
        >
          <SendHorizontal className="size-4" aria-hidden />
        </button>
      </div>
    </form>
  );
});
