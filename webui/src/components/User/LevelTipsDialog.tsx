import { Check, Crown, Sparkles, TrendingUp } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LevelRoles, LevelTip } from '../../stores/LevelTipsStore';
import { useStores } from '../../stores/StoresContext';
import { EarnList, GrowthProgress, SignInButton } from '../Growth/GrowthProgress';
import { Sheet } from '../Overlay/Sheet';
import { Badge } from './Badges';

/** The level tips dialog (utils.levelTips): the viewer's level and VIP, what the next level unlocks, every tier. */
export const LevelTipsDialog = observer(function LevelTipsDialog() {
  const { levelTips, ui, auth } = useStores();
  const { t } = useTranslation();
  const tips = levelTips.tips;
  return (
    <Sheet
      open={levelTips.isOpen}
      onOpenChange={(open) => (open ? levelTips.open() : levelTips.close())}
      title={t('common.levelTips.title')}
      description={t('common.levelTips.subtitle')}
      side={ui.isMobile ? 'bottom' : 'center'}
    >
      {!tips ? (
        <div className="grid h-48 place-items-center" role="status">
          <span className="size-7 animate-spin rounded-full border-2 border-zinc-200 border-t-brand-500 dark:border-zinc-700 dark:border-t-brand-400" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : (
        <div className="space-y-5 p-5 text-sm">
          <div className="grid grid-cols-2 gap-3">
            <Current label={t('common.levelTips.current')} icon={<TrendingUp className="size-4" aria-hidden />}>
              {tips.current ? <Badge kind="level" name={tips.current.name ?? tips.current.key} icon={tips.current.icon} /> : <Muted>{t('common.levelTips.guest')}</Muted>}
            </Current>
            <Current label={t('common.levelTips.currentVip')} icon={<Crown className="size-4" aria-hidden />}>
              {tips.currentVip ? (
                <Badge kind="vip" name={tips.currentVip.name ?? tips.currentVip.key} icon={tips.currentVip.icon} />
              ) : (
                <Muted>{t('common.levelTips.noVip')}</Muted>
              )}
            </Current>
          </div>

          {auth.isLoggedIn && (
            <section className="space-y-3 rounded-2xl p-4 ring-1 ring-zinc-100 dark:ring-zinc-800" aria-label={t('growth.title')}>
              <GrowthProgress />
              <SignInButton />
              <EarnList />
            </section>
          )}

          <section className="rounded-2xl bg-gradient-to-br from-brand-50 to-white p-4 ring-1 ring-brand-100 dark:from-brand-400/10 dark:to-transparent dark:ring-brand-400/20">
            {tips.next ? (
              <>
                <h3 className="flex items-center gap-2 font-semibold">
                  <Sparkles className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
                  {t('common.levelTips.next', { name: tips.next.level.name ?? tips.next.level.key })}
                </h3>
                <p className="mb-2 mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t('common.levelTips.unlocks')}</p>
                <RoleList roles={tips.next.unlocks} emptyKey="common.levelTips.nothingNew" />
              </>
            ) : (
              <p className="flex items-center gap-2 font-medium">
                <Sparkles className="size-4 text-brand-600" aria-hidden />
                {t(auth.isLoggedIn ? 'common.levelTips.top' : 'common.levelTips.guest')}
              </p>
            )}
          </section>

          <TierTable title={t('common.levelTips.levels')} kind="level" tiers={tips.levels} currentKey={tips.current?.key} />
          {tips.vip.length > 0 && <TierTable title={t('common.levelTips.vip')} kind="vip" tiers={tips.vip} currentKey={tips.currentVip?.key} />}
        </div>
      )}
    </Sheet>
  );
});

function Current({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
      <p className="mb-1.5 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
        {icon}
        {label}
      </p>
      {children}
    </div>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-xs text-zinc-500">{children}</span>;
}

/** What a set of rights allows, one line each; emptyKey says what no right means. */
export function RoleList({ roles, emptyKey = 'common.levelTips.basic' }: { roles: LevelRoles; emptyKey?: string }) {
  const lines = useRoleLines(roles);
  const { t } = useTranslation();
  if (lines.length === 0) return <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(emptyKey)}</p>;
  return (
    <ul className="space-y-1">
      {lines.map((line) => (
        <li key={line} className="flex items-start gap-2">
          <Check className="mt-0.5 size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span>{line}</span>
        </li>
      ))}
    </ul>
  );
}

function useRoleLines(roles: LevelRoles): string[] {
  const { t } = useTranslation();
  const lines = (roles.userCan ?? []).map((capability) => t(`common.levelTips.capability.${capability}`, { defaultValue: capability }));
  for (const [type, media] of Object.entries(roles.media ?? {})) {
    if (!media.can) continue;
    const vars = { type: t(`common.levelTips.mediaTypes.${type}`, { defaultValue: type }), max: media.max ?? 0, size: media.size ?? 0 };
    lines.push(media.max ? t('common.levelTips.media', vars) : t('common.levelTips.mediaUnlimited', vars));
  }
  if (roles.canBuilder) lines.push(t('common.levelTips.canBuilder'));
  return lines;
}

function TierTable({ title, kind, tiers, currentKey }: { title: string; kind: 'vip' | 'level'; tiers: LevelTip[]; currentKey?: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <h3 className="mb-2 font-semibold">{title}</h3>
      <ul className="divide-y divide-zinc-100 overflow-hidden rounded-xl ring-1 ring-zinc-100 dark:divide-zinc-800 dark:ring-zinc-800">
        {tiers.map((tier) => (
          <li key={tier.key} aria-current={tier.key === currentKey || undefined} className="flex gap-3 p-3 aria-[current]:bg-brand-50/60 dark:aria-[current]:bg-brand-400/5">
            <div className="w-32 shrink-0">
              <Badge kind={kind} name={tier.name ?? tier.key} icon={tier.icon} />
              {tier.key === currentKey && <p className="mt-1 text-[0.6875rem] font-medium text-brand-700 dark:text-brand-400">{t('common.levelTips.yours')}</p>}
            </div>
            <div className="min-w-0 flex-1 text-xs text-zinc-600 dark:text-zinc-300">
              <RoleList roles={tier.roles ?? {}} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
