import type { ReactNode } from 'react';

/**
 * The form of a dialog sheet: padded and stacked, the browser's own checks off (the form shows its
 * errors itself), and a submit that stays on the page and calls `onSubmit`.
 */
export function SheetForm({ testId, onSubmit, children }: { testId: string; onSubmit(): void; children: ReactNode }) {
  return (
    <form
      noValidate
      data-testid={testId}
      className="flex flex-col gap-4 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
