import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { OnlineStatus } from '../../stores/profile/OnlineStatus';

/** The green dot on a profile's avatar while its member has a live connection; nothing otherwise. */
export const OnlineDot = observer(function OnlineDot({ status, className = '' }: { status: OnlineStatus; className?: string }) {
  const { t } = useTranslation();
  if (!status.online) return null;
  return (
    <span
      role="status"
      data-testid="online-dot"
      title={t('page.profile.online')}
      className={`absolute block rounded-full bg-emerald-500 ring-2 ring-white dark:ring-zinc-900 ${className}`}
    >
      <span className="sr-only">{t('page.profile.online')}</span>
    </span>
  );
});
