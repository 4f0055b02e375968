import { Heart } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LikeResult } from '../../api/wire.gen';
import type { LikeTarget } from '../../stores/ContentStore';
import { useStores } from '../../stores/StoresContext';
import { abbreviate } from '../../utils/number';

/**
 * Like or unlike an article, topic, answer or comment. The heart and the count change at once and
 * go back if the server refuses; a guest gets the login box and nothing is sent. `liked` and
 * `count` come from the caller, who may update them (a live count); `onChange` gets the server's
 * answer.
 */
export const LikeButton = observer(function LikeButton({
  targetType,
  targetId,
  liked,
  count,
  onChange,
  size = 'md',
}: {
  targetType: LikeTarget;
  targetId: string;
  liked: boolean;
  count: number;
  onChange?: (result: LikeResult) => void;
  size?: 'sm' | 'md';
}) {
  const { content, auth } = useStores();
  const { t } = useTranslation();
  const [shown, setShown] = useState({ liked, count });
  useEffect(() => setShown({ liked, count }), [liked, count]);
  const busy = content.isLiking(targetType, targetId);

  const toggle = async () => {
    if (!auth.requireLogin() || busy) return;
    const before = shown;
    setShown({ liked: !before.liked, count: Math.max(0, before.count + (before.liked ? -1 : 1)) });
    const result = await content.like(targetType, targetId, !before.liked);
    if (!result) {
      setShown(before);
      return;
    }
    setShown({ liked: result.isLiked, count: result.likeCount });
    onChange?.(result);
  };

  const small = size === 'sm';
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={shown.liked}
      aria-label={t(shown.liked ? 'content.like.undo' : 'content.like.do', { count: shown.count })}
      data-testid="like-button"
      className={`inline-flex items-center gap-1.5 rounded-full font-medium tabular-nums transition disabled:opacity-60 ${
        small ? 'h-7 px-2 text-xs' : 'h-9 px-3.5 text-sm ring-1'
      } ${
        shown.liked
          ? 'text-rose-600 ring-rose-200 hover:bg-rose-50 dark:text-rose-400 dark:ring-rose-400/30 dark:hover:bg-rose-500/10'
          : 'text-zinc-600 ring-zinc-200 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-100'
      }`}
    >
      <Heart className={`${small ? 'size-3.5' : 'size-4'} ${shown.liked ? 'fill-current' : ''}`} aria-hidden />
      <span>{abbreviate(shown.count)}</span>
    </button>
  );
});
