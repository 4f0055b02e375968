import { SendHorizontal } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, messageLength, messageRows } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';

/** The counter shows from this share of the maximum on. */
const COUNTER_FROM = 0.9;

/**
 * The message box of a conversation: 3 to 6 rows as the text grows (SPEC §5), Enter sends on a
 * keyboard (Shift+Enter breaks the line; on phones Enter breaks it), and send is disabled while
 * sending. The text is kept when the send fails.
 */
export const MessageComposer = observer(function MessageComposer() {
  const { messages, ui } = useStores();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const length = messageLength(text.trim());
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const blank = text.trim() === '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || tooLong || messages.isSending) return;
    if (await messages.send(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a candidate; it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !ui.isMobile) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="shrink-0 border-t border-zinc-100 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <div
        className={`flex items-end gap-2 rounded-2xl bg-zinc-100 py-1.5 pl-3.5 pr-1.5 ring-1 transition focus-within:bg-white focus-within:ring-brand-500 dark:bg-zinc-800 dark:focus-within:bg-zinc-900 ${
          tooLong ? 'ring-red-500' : 'ring-transparent'
        }`}
      >
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={messageRows(text)}
          placeholder={t('message.placeholder')}
          aria-label={t('message.placeholder')}
          aria-invalid={tooLong}
          data-testid="message-input"
          className="flex-1 resize-none bg-transparent py-2 text-sm leading-5 outline-none placeholder:text-zinc-400"
        />
        <div className="flex shrink-0 flex-col items-end gap-1">
          {length >= MESSAGE_MAX_LENGTH * COUNTER_FROM && (
            <span className={`text-[11px] tabular-nums ${tooLong ? 'font-semibold text-red-600' : 'text-zinc-400'}`}>
              {length}/{MESSAGE_MAX_LENGTH}
            </span>
          )}
          <button
            type="submit"
            aria-label={t('message.send')}
            aria-busy={messages.isSending}
            disabled={blank || tooLong || messages.isSending}
            className="grid size-9 place-items-center rounded-xl bg-brand-600 text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-zinc-300 dark:disabled:bg-zinc-700"
          >
            {messages.isSending ? (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
            ) : (
              <SendHorizontal className="size-4" aria-hidden />
            )}
          </button>
        </div>
      </div>
    </form>
  );
});
