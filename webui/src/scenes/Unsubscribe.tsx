import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UnsubscribeReply } from '../api/notifyPrefs';
import { SmallSpinner } from '../components/common/SmallSpinner';
import { LocalizedLink } from '../components/common/LocalizedLink';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import { useStores } from '../stores/StoresContext';

/** What the page shows: the call under way, what was turned off, or why the link did not work. */
type State = { status: 'working' } | { status: 'done'; reply: UnsubscribeReply } | { status: 'failed'; message: string };

const LINK =
  'inline-flex h-9 items-center rounded-lg px-3.5 text-sm font-medium ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800';

/** Keeps search engines off the page while it is open (its links carry a member's token). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /unsubscribe?t=<token>: the link at the foot of a notification email. It works without logging
 * in (the token is signed by the server): it turns the emails off at once (notify.unsubscribe) and
 * says which, for which masked address; a forged or damaged link gets a clear refusal.
 */
export function Unsubscribe() {
  const { client } = useStores();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const [state, setState] = useState<State>(() => (token ? { status: 'working' } : { status: 'failed', message: t('page.unsubscribe.missing') }));
  useNoIndex();

  useEffect(() => {
    if (!token) return;
    let current = true;
    void client.call('notify.unsubscribe', { token }).then((result) => {
      if (!current) return;
      setState(result.ok ? { status: 'done', reply: result.data } : { status: 'failed', message: result.error.messages.join(' ') });
    });
    return () => {
      current = false;
    };
  }, [client, token]);

  return (
    <SceneFrame title={t('page.unsubscribe.title')}>
      <div data-testid="unsubscribe" data-status={state.status} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
        {state.status === 'working' ? (
          <p className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-300">
            <SmallSpinner />
            {t('page.unsubscribe.working')}
          </p>
        ) : state.status === 'done' ? (
          <div className="space-y-3">
            <p className="flex items-start gap-3 text-base font-medium" data-testid="unsubscribe-done">
              <MailCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
              <span>{doneText(state.reply, t)}</span>
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('page.unsubscribe.again')}</p>
          </div>
        ) : (
          <div className="space-y-2" role="alert" data-testid="unsubscribe-error">
            <p className="flex items-center gap-3 text-base font-medium text-rose-700 dark:text-rose-400">
              <MailX className="size-5 shrink-0" aria-hidden />
              {t('page.unsubscribe.failed')}
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">{state.message}</p>
          </div>
        )}
        <div className="mt-5 flex flex-wrap gap-2">
          <LocalizedLink to="/account/notification?tab=settings" className={LINK} data-testid="unsubscribe-settings">
            {t('page.unsubscribe.settings')}
          </LocalizedLink>
          <LocalizedLink to="/" className={LINK}>
            {t('page.unsubscribe.home')}
          </LocalizedLink>
        </div>
      </div>
    </SceneFrame>
  );
}

/** The sentence saying what was turned off, and for which address. */
function doneText(reply: UnsubscribeReply, t: ReturnType<typeof useTranslation>['t']): string {
  switch (reply.kind) {
    case 'all':
      return t('page.unsubscribe.done.all', { email: reply.email });
    case 'digest':
      return t('page.unsubscribe.done.digest', { email: reply.email });
    default:
      return t('page.unsubscribe.done.kind', {
        email: reply.email,
        kind: t(`page.account.notification.settings.kinds.name.${reply.kind}`, { defaultValue: reply.kind }),
      });
  }
}
