import { KeyRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetailStore } from '../../../stores/admin/MemberDetailStore';
import { formatDateTime } from '../../../utils/dates';
import { AdminCard } from '../common/AdminCard';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { InlineError } from '../common/InlineError';
import { SMALL_BUTTON } from '../common/styles';

/** The member's live sessions (signed-in devices), each ended alone or all at once. */
export const SessionsCard = observer(function SessionsCard({ store }: { store: MemberDetailStore }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const sessions = store.detail?.sessions ?? [];
  return (
    <AdminCard
      title={t('admin.members.sessions.title', { n: sessions.length })}
      icon={KeyRound}
      testId="member-sessions"
      actions={
        sessions.length > 0 && (
          <button type="button" className={SMALL_BUTTON} disabled={store.busy.has('revokeSessions')} onClick={() => setConfirming(true)} data-testid="member-revoke-all">
            {t('admin.members.sessions.revokeAll')}
          </button>
        )
      }
    >
      <InlineError message={store.errors.get('revokeSession') ?? store.errors.get('revokeSessions')} />
      {sessions.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('admin.members.sessions.none')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="member-session">
              <div className="min-w-0 text-xs text-zinc-600 dark:text-zinc-300">
                <p>{t('admin.members.sessions.signedIn', { time: formatDateTime(session.createdAt, i18n.language) })}</p>
                <p className="text-zinc-400">
                  {t('admin.members.sessions.lastUsed', { time: formatDateTime(session.lastUsedAt, i18n.language) })} ·{' '}
                  {t('admin.members.sessions.expires', { time: formatDateTime(session.expiresAt, i18n.language) })}
                </p>
              </div>
              <button type="button" className={SMALL_BUTTON} disabled={store.busy.has('revokeSession')} onClick={() => void store.revokeSession(session.id)}>
                {t('admin.members.sessions.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.members.sessions.revokeAll')}
        confirmLabel={t('admin.members.sessions.revokeAll')}
        danger
        disabled={store.busy.has('revokeSessions')}
        onConfirm={async () => {
          await store.revokeSessions();
          setConfirming(false);
        }}
      >
        <p className="text-zinc-600 dark:text-zinc-300">{t('admin.members.sessions.confirmText')}</p>
      </ConfirmDialog>
    </AdminCard>
  );
});
