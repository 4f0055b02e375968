import type { ReactNode } from 'react';

/** A message's text in a bubble (plain text, line breaks kept): the viewer's own on the right in the brand colour. */
export function TextBubble({ own, children, action }: { own: boolean; children: ReactNode; action?: ReactNode }) {
  return (
    <div className={`flex items-center gap-1 ${own ? 'flex-row-reverse' : ''}`}>
      <p
        className={`whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-sm ${
          own
            ? 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-white text-zinc-800 ring-1 ring-zinc-900/5 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-white/5'
        }`}
      >
        {children}
      </p>
      {action}
    </div>
  );
}
