import { Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PRIMARY_BUTTON } from '../../components/Address/styles';
import { NewTicketDialog } from '../../components/Ticket/NewTicketDialog';
import { TicketList } from '../../components/Ticket/TicketList';
import { TicketThreadView } from '../../components/Ticket/TicketThreadView';
import type { TicketScope } from '../../stores/account/TicketsStore';
import { useStores } from '../../stores/StoresContext';
import '../../stores/account/TicketsStore'; // builds root's store on first use (stores/lazyStores.ts)

const SCOPES: TicketScope[] = ['mine', 'all'];

/**
 * /account/ticket: the member's support tickets (admins: everyone's too), a ticket's conversation
 * at `?id=`, and the new-ticket form (the support button opens it with `?new=1`).
 */
export default observer(function TicketPage() {
  const { tickets, auth } = useStores();
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const [formOpen, setFormOpen] = useState(params.get('new') === '1');
  const viewerId = auth.viewer?.id;

  useEffect(() => {
    if (params.get('new') === '1') {
      setFormOpen(true);
      const next = new URLSearchParams(params);
      next.delete('new');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  useEffect(() => {
    if (viewerId && !openId) void tickets.loadLatest();
  }, [tickets, viewerId, openId]);

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="tickets-page">
      {openId ? (
        <TicketThreadView thread={tickets.thread(openId)} onBack={() => open(null)} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {tickets.isAdmin ? (
              <div role="tablist" aria-label={t('ticket.scope.label')} className="flex gap-1 rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
                {SCOPES.map((scope) => (
                  <button
                    key={scope}
                    type="button"
                    role="tab"
                    aria-selected={tickets.scope === scope}
                    onClick={() => tickets.setScope(scope)}
                    className="rounded-full px-3.5 py-1.5 text-sm font-medium text-zinc-600 transition aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:aria-selected:bg-zinc-900 dark:aria-selected:text-white"
                  >
                    {t(`ticket.scope.${scope}`)}
                  </button>
                ))}
              </div>
            ) : (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('account.overview.page.ticket')}</p>
            )}
            <button type="button" className={PRIMARY_BUTTON} onClick={() => setFormOpen(true)} data-testid="ticket-new">
              <Plus className="size-4" aria-hidden />
              {t('ticket.new')}
            </button>
          </div>
          <TicketList onOpen={(id) => open(id)} />
        </>
      )}
      <NewTicketDialog open={formOpen} onOpenChange={setFormOpen} onCreated={(ticket) => open(ticket.id)} />
    </div>
  );
});
