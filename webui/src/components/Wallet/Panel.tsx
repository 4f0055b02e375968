import type { ReactNode } from 'react';
import { CARD } from './buttons';

/** A titled card of the account pages, with an optional action at the right of its title. */
export function Panel({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={CARD} data-testid={testId}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
