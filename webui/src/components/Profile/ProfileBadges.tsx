import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { localize, type LevelEntry } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { Badge } from '../User/Badges';

function entryOf(list: LevelEntry[] | undefined, key: string) {
  return list?.find((entry) => entry.key === key);
}

/** A member's VIP and level badges from their keys (the page's profile), named and pictured by the settings. */
export const ProfileBadges = observer(function ProfileBadges({
  level,
  vip,
  className = '',
}: {
  level?: string;
  vip?: string;
  className?: string;
}) {
  const { settings } = useStores();
  const { i18n } = useTranslation();
  const levels = settings.settings?.level;
  if (!level && !vip) return null;
  const badge = (kind: 'vip' | 'level', key: string, list: LevelEntry[] | undefined) => {
    const entry = entryOf(list, key);
    const name = entry ? localize(entry.names ?? entry.name ?? key, i18n.language) : key;
    return <Badge kind={kind} name={name} icon={entry?.icon} />;
  };
  return (
    <span data-testid="profile-badges" className={`flex flex-wrap items-center gap-1.5 ${className}`}>
      {vip && badge('vip', vip, levels?.vip)}
      {level && badge('level', level, levels?.lv)}
    </span>
  );
});
