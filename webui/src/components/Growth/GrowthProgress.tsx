import { CalendarCheck, Check } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { Badge } from '../User/Badges';
import { SECONDARY_BUTTON } from '../Wallet/buttons';
import '../../stores/GrowthStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The viewer's points, level and progress to the next level (account.growth). */
export const GrowthProgress = observer(function GrowthProgress() {
  const { growth, auth } = useStores();
  const { t } = useTranslation();
  const viewerId = auth.viewer?.id;
  useEffect(() => {
    if (viewerId && !growth.growth) void growth.fetch();
  }, [growth, viewerId]);
  const data = growth.growth;
  if (!data) return <div className="h-16 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" aria-busy="true" />;
  const next = data.next;
  return (
    <div data-testid="growth-progress">
      <div className="flex items-center justify-between gap-3">
        {data.level ? <Badge kind="level" name={data.level.name || data.level.key} icon={data.level.icon} /> : <span />}
        <span className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
          {next ? t('growth.progress', { points: data.points, min: next.minPoints }) : t('growth.points', { count: data.points })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('growth.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={growth.percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-brand-400 to-brand-600 transition-[width]" style={{ width: `${growth.percent}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
        {next ? t('growth.toNext', { count: growth.pointsToNext, name: next.level.name || next.level.key }) : t('growth.top')}
      </p>
    </div>
  );
});

/** The daily sign-in (account.signIn): once per day, disabled while it is sent and after it. */
export const SignInButton = observer(function SignInButton() {
  const { growth } = useStores();
  const { t } = useTranslation();
  const done = growth.growth?.signedInToday === true;
  return (
    <button type="button" className={SECONDARY_BUTTON} disabled={done || growth.isSigningIn || !growth.growth} onClick={() => void growth.signIn()} data-testid="growth-sign-in">
      {done ? <Check className="size-4" aria-hidden /> : <CalendarCheck className="size-4" aria-hidden />}
      {done ? t('growth.signIn.already') : growth.isSigningIn ? t('growth.signIn.signing') : t('growth.signIn.button')}
    </button>
  );
});

/** How points are earned: each reason's points and daily cap, with today's count. */
export const EarnList = observer(function EarnList() {
  const { growth } = useStores();
  const { t } = useTranslation();
  const today = growth.growth?.today ?? [];
  if (today.length === 0) return null;
  return (
    <section>
      <h3 className="mb-2 font-semibold">{t('growth.earn')}</h3>
      <ul className="divide-y divide-zinc-100 rounded-xl text-xs ring-1 ring-zinc-100 dark:divide-zinc-800 dark:ring-zinc-800">
        {today.map((rule) => (
          <li key={rule.reason} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="font-medium">{t(`growth.reason.${rule.reason}`, { defaultValue: rule.reason })}</span>
            <span className="text-right tabular-nums text-zinc-500 dark:text-zinc-400">{t('growth.today', { points: rule.points, cap: rule.cap })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
});
