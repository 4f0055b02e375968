import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '../../models/account';
import { CHIP } from '../Address/styles';

const TONE: Record<TicketStatus, string> = {
  open: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30',
  answered: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  closed: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40',
};

/** A ticket's state: open, answered by staff, closed. */
export function TicketStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${CHIP} ${TONE[status as TicketStatus] ?? TONE.open}`} data-testid="ticket-status" data-status={status}>
      {t(`ticket.status.${status}`)}
    </span>
  );
}
