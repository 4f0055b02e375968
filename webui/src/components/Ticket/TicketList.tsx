import { ChevronRight, LifeBuoy } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { TicketView } from '../../models/account';
import { memberUser } from '../../models/account';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { SmallSpinner } from '../common/SmallSpinner';
import { EmptyState } from '../Feedback/EmptyState';
import { UserAvatar } from '../User/UserAvatar';
import { TicketStatusChip } from './TicketStatusChip';
import '../../stores/account/TicketsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The tickets of the scope shown, most recently updated first, read further as the list reaches its end. */
export const TicketList = observer(function TicketList({ onOpen }: { onOpen(id: string): void }) {
  const { tickets } = useStores();
  const { t } = useTranslation();
  const rows = tickets.ordered;
  if (!tickets.isLoaded) {
    return (
      <div className="grid h-40 place-items-center">
        <SmallSpinner />
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState icon={LifeBuoy} title={t('page.account.ticket.empty')} />;
  return (
    <div role="list" aria-label={t('ticket.list')} className="overflow-hidden rounded-2xl bg-white ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
      <Virtuoso<TicketView>
        useWindowScroll
        data={rows}
        computeItemKey={(_, ticket) => ticket.id}
        endReached={() => void tickets.loadNewer()}
        increaseViewportBy={400}
        itemContent={(_, ticket) => <TicketRow ticket={ticket} onOpen={onOpen} showAuthor={tickets.scope === 'all'} />}
        components={{
          Footer: () =>
            tickets.hasNewer ? (
              <div className="flex h-12 items-center justify-center">
                <SmallSpinner />
              </div>
            ) : null,
        }}
      />
    </div>
  );
});

const TicketRow = observer(function TicketRow({ ticket, onOpen, showAuthor }: { ticket: TicketView; onOpen(id: string): void; showAuthor: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <div role="listitem" className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
      <button
        type="button"
        onClick={() => onOpen(ticket.id)}
        data-testid="ticket-row"
        data-id={ticket.id}
        className="flex w-full items-center gap-3 px-4 py-3 text-left transition hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
      >
        {showAuthor && ticket.author && <UserAvatar user={memberUser(ticket.author)} size="sm" />}
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            {ticket.unread && <span className="size-2 shrink-0 rounded-full bg-brand-600" aria-label={t('ticket.unread')} />}
            <span className={`min-w-0 truncate ${ticket.unread ? 'font-semibold' : 'font-medium'}`}>{ticket.subject}</span>
          </div>
          <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
            {showAuthor && ticket.author ? `${ticket.author.name} · ` : ''}
            {t(`ticket.categories.${ticket.category}`)} · {ticket.lastMessage}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <TicketStatusChip status={ticket.status} />
          <time className="text-[0.6875rem] text-zinc-400" dateTime={new Date(ticket.updatedAt || ticket.createdAt).toISOString()}>
            {relativeTime(ticket.updatedAt || ticket.createdAt, now, t)}
          </time>
        </div>
        <ChevronRight className="size-4 shrink-0 text-zinc-300" aria-hidden />
      </button>
    </div>
  );
});
