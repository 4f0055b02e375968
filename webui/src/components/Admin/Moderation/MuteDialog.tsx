import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationStore } from '../../../stores/admin/ModerationStore';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DurationPicker, type DurationPreset } from '../common/DurationPicker';
import { FIELD, LABEL } from '../common/styles';

const HOUR = 60;
const DAY = 24 * HOUR;

/** A mute's durations: 10 minutes to 30 days (admin.chatMute's longest); a mute is never permanent. */
export const MUTE_DURATIONS: readonly DurationPreset[] = [
  { minutes: 10, labelKey: 'admin.moderation.mute.tenMinutes' },
  { minutes: HOUR, labelKey: 'admin.frame.duration.hour' },
  { minutes: DAY, labelKey: 'admin.frame.duration.day' },
  { minutes: 7 * DAY, labelKey: 'admin.frame.duration.week' },
  { minutes: 30 * DAY, labelKey: 'admin.frame.duration.month' },
];

/** Who is about to be muted, and where. */
export interface MuteTarget {
  room: string;
  userId: string;
  name: string;
}

/** Mutes a member in a room: a duration preset and a reason (1 to 500 characters), then confirm. */
export const MuteDialog = observer(function MuteDialog({ store, target, onClose }: { store: ModerationStore; target: MuteTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState(HOUR);
  const [reason, setReason] = useState('');
  const ready = reason.trim().length > 0 && !store.isMuting;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? t('admin.moderation.mute.title', { name: target.name, room: target.room }) : ''}
      confirmLabel={t('admin.moderation.mute.confirm')}
      danger
      disabled={!ready}
      testId="mute-dialog"
      onConfirm={async () => {
        if (!target) return;
        const done = await store.mute({ room: target.room, userId: target.userId, minutes, reason });
        if (done) {
          setReason('');
          onClose();
        }
      }}
    >
      <DurationPicker presets={MUTE_DURATIONS} value={minutes} onChange={setMinutes} label={t('admin.moderation.mute.duration')} name="mute-duration" />
      <label className={LABEL}>
        {t('admin.moderation.mute.reason')}
        <textarea
          className={`${FIELD} h-20 py-2`}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="mute-reason"
          required
        />
      </label>
    </ConfirmDialog>
  );
});
