import { Ban } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BAN_REASON } from '../../../api/adminMembers';
import type { MemberDetailStore } from '../../../stores/admin/MemberDetailStore';
import { formatDateTime } from '../../../utils/dates';
import { AdminCard } from '../common/AdminCard';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { BAN_DURATIONS, DurationPicker } from '../common/DurationPicker';
import { InlineError } from '../common/InlineError';
import { DANGER_BUTTON, FIELD, LABEL, SECONDARY_BUTTON } from '../common/styles';

/**
 * The member's ban: when one is in force, since when, until when, why and by whom, with unban;
 * otherwise a reason and a duration, confirmed before every session ends.
 */
export const BanCard = observer(function BanCard({ store }: { store: MemberDetailStore }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState(BAN_DURATIONS[1].minutes);
  const [confirming, setConfirming] = useState(false);
  const ban = store.detail?.ban ?? null;
  const name = store.detail?.member.name ?? '';

  if (ban) {
    return (
      <AdminCard title={t('admin.members.ban.title')} icon={Ban} testId="member-ban">
        <div className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200" data-testid="member-ban-state">
          <p className="font-medium">
            {ban.until ? t('admin.members.ban.until', { time: formatDateTime(ban.until, i18n.language) }) : t('admin.members.ban.forever')}
          </p>
          <p className="mt-1">{ban.reason}</p>
          <p className="mt-1 text-xs opacity-80">
            {t('admin.members.ban.since', { time: formatDateTime(ban.at, i18n.language) })}
            {ban.by && ` · ${t('admin.members.ban.by', { name: ban.by.name })}`}
          </p>
        </div>
        <InlineError message={store.errors.get('unban')} />
        <button type="button" className={`${SECONDARY_BUTTON} self-start`} disabled={store.busy.has('unban')} onClick={() => void store.unban()} data-testid="member-unban">
          {t('admin.members.ban.unban')}
        </button>
      </AdminCard>
    );
  }

  const trimmed = reason.trim();
  return (
    <AdminCard title={t('admin.members.ban.title')} icon={Ban} testId="member-ban">
      <label className={LABEL} htmlFor={`${id}-reason`}>
        {t('admin.members.ban.reason')}
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={MAX_BAN_REASON}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
          className={`${FIELD} h-auto py-2`}
          data-testid="member-ban-reason"
        />
      </label>
      <DurationPicker presets={BAN_DURATIONS} value={minutes} onChange={setMinutes} label={t('admin.members.ban.duration')} name={`${id}-duration`} />
      <InlineError message={store.errors.get('ban')} testId="member-ban-error" />
      <button type="button" className={`${DANGER_BUTTON} self-start`} disabled={!trimmed || store.busy.has('ban')} onClick={() => setConfirming(true)} data-testid="member-ban-open">
        {t('admin.members.ban.submit')}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.members.ban.confirmTitle', { name })}
        confirmLabel={t('admin.members.ban.submit')}
        danger
        disabled={store.busy.has('ban')}
        testId="member-ban-confirm"
        onConfirm={async () => {
          const done = await store.ban(trimmed, minutes);
          setConfirming(false);
          if (done) setReason('');
        }}
      >
        <p className="text-zinc-600 dark:text-zinc-300">{t('admin.members.ban.confirmText')}</p>
      </ConfirmDialog>
    </AdminCard>
  );
});
