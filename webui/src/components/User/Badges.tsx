import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { localize, type LevelEntry } from '../../models/settings';
import type { BadgeData, Viewer } from '../../models/Viewer';
import { useStores } from '../../stores/StoresContext';

/** The name of a badge: the server's, else the settings' name for the key in the current language. */
function badgeName(badge: BadgeData, list: LevelEntry[] | undefined, lang: string): string {
  if (badge.name) return badge.name;
  const entry = list?.find((level) => level.key === badge.key);
  return entry ? localize(entry.names ?? entry.name ?? badge.key, lang) : badge.key;
}

function badgeIcon(badge: BadgeData, list: LevelEntry[] | undefined): string | undefined {
  return badge.icon || list?.find((level) => level.key === badge.key)?.icon;
}

/** A level or VIP badge: its picture and name. */
export function Badge({ kind, name, icon }: { kind: 'vip' | 'level'; name: string; icon?: string }) {
  const { t } = useTranslation();
  const colours =
    kind === 'vip'
      ? 'bg-amber-100 text-amber-800 ring-amber-200 dark:bg-amber-400/15 dark:text-amber-300 dark:ring-amber-400/20'
      : 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700';
  return (
    <span
      data-badge={kind}
      title={kind === 'vip' ? t('common.userMenu.vipBadge', { name }) : t('common.userMenu.levelBadge', { name })}
      className={`inline-flex h-5 max-w-full items-center gap-1 rounded-md px-1 text-[0.6875rem] font-medium ring-1 ring-inset ${colours}`}
    >
      {icon && <img src={icon} alt="" className="h-3 w-auto shrink-0" />}
      <span className="truncate">{name}</span>
    </span>
  );
}

/** The viewer's VIP and level badges. */
export const ViewerBadges = observer(function ViewerBadges({ viewer, className = '' }: { viewer: Viewer; className?: string }) {
  const { settings } = useStores();
  const { i18n } = useTranslation();
  const levels = settings.settings?.level;
  const { vip, level } = viewer;
  if (!vip && !level) return null;
  return (
    <span className={`flex flex-wrap items-center gap-1.5 ${className}`}>
      {vip && <Badge kind="vip" name={badgeName(vip, levels?.vip, i18n.language)} icon={badgeIcon(vip, levels?.vip)} />}
      {level && <Badge kind="level" name={badgeName(level, levels?.lv, i18n.language)} icon={badgeIcon(level, levels?.lv)} />}
    </span>
  );
});
