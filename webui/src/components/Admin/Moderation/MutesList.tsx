import { VolumeX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ChatMute } from '../../../api/adminContent';
import type { ModerationStore } from '../../../stores/admin/ModerationStore';
import { formatDateTime } from '../../../utils/dates';
import { EmptyState } from '../../Feedback/EmptyState';
import { CARD, SMALL_BUTTON } from '../common/styles';

/** The active mutes (of the room shown, or of every room), each with its end, reason and an unmute button. */
export const MutesList = observer(function MutesList({ store }: { store: ModerationStore }) {
  const { t, i18n } = useTranslation();
  if (store.mutes.length === 0) return <EmptyState icon={VolumeX} title={t('admin.moderation.mutes.empty')} />;
  return (
    <ul className={`${CARD} flex flex-col divide-y divide-zinc-100 !p-0 dark:divide-zinc-800`} aria-label={t('admin.moderation.mutes.title')} data-testid="mutes-list">
      {store.mutes.map((mute: ChatMute) => (
        <li key={`${mute.room}:${mute.member?.databaseId ?? mute.createdAt}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="mute-row">
          <span className="font-medium">{mute.member?.name ?? t('admin.moderation.mutes.gone')}</span>
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800">#{mute.room}</span>
          <span className="text-xs text-zinc-500">{t('admin.moderation.mutes.until', { time: formatDateTime(mute.until, i18n.language) })}</span>
          <span className="min-w-0 flex-1 truncate text-xs text-zinc-600 dark:text-zinc-300">{mute.reason}</span>
          {mute.member && (
            <button type="button" className={SMALL_BUTTON} onClick={() => void store.unmute(mute)} data-testid="mute-lift">
              {t('admin.moderation.mutes.unmute')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
});
