import { AlertCircle } from 'lucide-react';
import type { ErrorReply } from '../../../api/client';

/** The server's (already translated) messages of a failure, as one line. */
export function errorText(error: ErrorReply): string {
  return error.messages.join(' ');
}

/** A failure shown where it happened (the form, the panel) rather than only as a toast. */
export function InlineError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid={testId} className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}
