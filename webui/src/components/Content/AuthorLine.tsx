import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../api/wire.gen';
import { formatDateTime } from '../../utils/dates';
import { profilePath } from '../../utils/links';
import { relativeTime } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { LocalizedLink } from '../common/LocalizedLink';
import { UserAvatar } from '../User/UserAvatar';

/**
 * Who wrote something and when: the author's avatar and name, both linking to their profile, and
 * the relative time (the exact one on hover). `children` go on the time's line after it (views,
 * a badge); `size` sm suits comments.
 */
export function AuthorLine({
  author,
  createdAt,
  children,
  size = 'md',
  className = '',
}: {
  author: Summary;
  /** Epoch milliseconds. */
  createdAt: number;
  children?: ReactNode;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const profile = profilePath(author);
  return (
    <div data-testid="author-line" className={`flex min-w-0 items-center gap-2.5 ${className}`}>
      <LocalizedLink to={profile} tabIndex={-1} aria-hidden className="shrink-0">
        <UserAvatar user={author} size={size === 'sm' ? 'sm' : 'md'} />
      </LocalizedLink>
      <div className="min-w-0 leading-tight">
        <LocalizedLink
          to={profile}
          className={`block truncate font-medium text-zinc-900 hover:text-brand-700 dark:text-zinc-100 dark:hover:text-brand-400 ${size === 'sm' ? 'text-sm' : ''}`}
        >
          {author.name}
        </LocalizedLink>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          <time dateTime={new Date(createdAt).toISOString()} title={formatDateTime(createdAt, i18n.language)}>
            {relativeTime(createdAt, now, t)}
          </time>
          {children}
        </p>
      </div>
    </div>
  );
}
