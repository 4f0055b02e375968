import { MessageCircle, UserCheck, UserPlus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../api/wire.gen';
import { useStores } from '../../stores/StoresContext';
import { abbreviate } from '../../utils/number';

/** Loads a member's follow counts once they are shown (again after the viewer changes). */
function useFollowStats(userId: string) {
  const { follows } = useStores();
  const loaded = follows.stats.has(userId);
  useEffect(() => {
    if (!loaded && userId) void follows.loadStats(userId);
  }, [follows, userId, loaded]);
  return follows.stats.get(userId);
}

/** A member's follower and following counts; with `onOpen`, each is a button that opens its list. */
export const FollowCounts = observer(function FollowCounts({
  userId,
  className = '',
  onOpen,
}: {
  userId: string;
  className?: string;
  onOpen?: (kind: 'followers' | 'following') => void;
}) {
  const { t } = useTranslation();
  const stats = useFollowStats(userId);
  return (
    <dl data-testid="follow-counts" className={`flex gap-5 text-sm ${className}`}>
      {(['followers', 'following'] as const).map((kind) => {
        const count = stats ? abbreviate(stats[kind]) : '–';
        const label = t(`follow.counts.${kind}`);
        return (
          <div key={kind} className="flex items-baseline gap-1.5">
            <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100" data-testid={`follow-${kind}`}>
              {onOpen ? (
                <button type="button" onClick={() => onOpen(kind)} aria-label={`${count} ${label}`} data-testid={`open-${kind}`} className="rounded hover:underline">
                  {count}
                </button>
              ) : (
                count
              )}
            </dd>
            <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          </div>
        );
      })}
    </dl>
  );
});

/** Follow or unfollow a member, and write to them; a guest gets the login box instead (SPEC §6). */
export const FollowActions = observer(function FollowActions({ user }: { user: Summary }) {
  const root = useStores();
  const { follows } = root;
  const { t } = useTranslation();
  const stats = useFollowStats(user.databaseId);
  const following = stats?.isFollowing ?? false;
  const busy = follows.toggling.has(user.databaseId);
  return (
    <div className="flex shrink-0 gap-2">
      <button
        type="button"
        onClick={() => root.withStore('messages', (messages) => messages.openBox(user))}
        className="inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium ring-1 ring-zinc-200 transition hover:bg-zinc-50 dark:ring-zinc-700 dark:hover:bg-zinc-800"
      >
        <MessageCircle className="size-4" aria-hidden />
        {t('message.write')}
      </button>
      <button
        type="button"
        onClick={() => void follows.toggleFollow(user.databaseId)}
        disabled={busy}
        aria-pressed={following}
        data-testid="follow-button"
        className={`group inline-flex h-9 min-w-28 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-medium transition disabled:opacity-60 ${
          following
            ? 'ring-1 ring-zinc-200 hover:bg-red-50 hover:text-red-700 hover:ring-red-200 dark:ring-zinc-700 dark:hover:bg-red-500/10 dark:hover:text-red-300'
            : 'bg-brand-600 text-white hover:bg-brand-700'
        }`}
      >
        {following ? (
          <>
            <UserCheck className="size-4" aria-hidden />
            <span className="group-hover:hidden">{t('follow.following')}</span>
            <span className="hidden group-hover:inline">{t('follow.unfollow')}</span>
          </>
        ) : (
          <>
            <UserPlus className="size-4" aria-hidden />
            {t('follow.follow')}
          </>
        )}
      </button>
    </div>
  );
});
