import { SendHorizontal } from 'lucide-react';
import type { ClipboardEvent, FormEvent, KeyboardEvent, ReactNode } from 'react';

export interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
  placeholder: string;
  sendLabel: string;
  tooLong: boolean;
  /** Send is disabled (empty, too long, throttled, sending). */
  blocked: boolean;
  /** A send is on its way: the button spins. */
  busy?: boolean;
  /** Enter sends (Shift+Enter breaks the line); otherwise Enter breaks it. */
  enterSends: boolean;
  /** Fixed rows; without them the box grows with its text. */
  rows?: number;
  counter?: ReactNode;
  inputTestId?: string;
  /** Before the text, inside the box (an attach button). */
  leading?: ReactNode;
  /** Above the box (an attachment's preview). */
  above?: ReactNode;
  onPaste?: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
}

/** The message box of the chat and of a conversation: the text, a counter and the send button. */
export function Composer({ text, onTextChange, onSubmit, placeholder, sendLabel, tooLong, blocked, busy = false, enterSends, rows, counter, inputTestId, leading, above, onPaste }: ComposerProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a candidate; it does not send.
    if (enterSends && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <form onSubmit={submit} className="shrink-0 border-t border-zinc-100 bg-white/90 p-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/90">
      {above}
      <div
        className={`flex items-end gap-2 rounded-2xl bg-zinc-100 py-1.5 pl-3.5 pr-1.5 ring-1 transition focus-within:bg-white focus-within:ring-brand-500 dark:bg-zinc-800 dark:focus-within:bg-zinc-900 ${
          tooLong ? 'ring-red-500' : 'ring-transparent'
        }`}
      >
        {leading}
        <textarea
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          rows={rows ?? 1}
          placeholder={placeholder}
          aria-label={placeholder}
          aria-invalid={tooLong}
          data-testid={inputTestId}
          className={`flex-1 resize-none bg-transparent py-2 text-sm outline-none placeholder:text-zinc-400 ${rows ? 'leading-5' : 'max-h-28 min-h-9 [field-sizing:content]'}`}
        />
        {counter}
        <button
          type="submit"
          aria-label={sendLabel}
          aria-busy={busy}
          disabled={blocked}
          className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-600 text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-zinc-300 dark:disabled:bg-zinc-700"
        >
          {busy ? <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden /> : <SendHorizontal className="size-4" aria-hidden />}
        </button>
      </div>
    </form>
  );
}

/** The characters used against the maximum, red beyond it. */
export function LengthCounter({ length, max, label, testId }: { length: number; max: number; label?: string; testId?: string }) {
  const tooLong = length > max;
  return (
    <span data-testid={testId} aria-label={label} className={`mb-2.5 shrink-0 text-[11px] tabular-nums ${tooLong ? 'font-semibold text-red-600' : 'text-zinc-400'}`}>
      {length}/{max}
    </span>
  );
}
