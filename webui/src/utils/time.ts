/**
 * Relative times and time dividers (SPEC §9: "just now" under 60 s, M/D after 30 days,
 * YYYY/M/D after 365 days; chat divider beyond 300 s, notification divider beyond ten minutes).
 */

/** The part of i18next's `t` that relative times need; `useTranslation().t` satisfies it. */
export type CountTranslator = (key: string, options?: { count: number }) => string;

/** A point in time: a `Date` or milliseconds since the epoch. */
export type Instant = Date | number;

/** Chat shows a time divider between two messages more than this far apart. */
export const CHAT_TIME_DIVIDER_GAP_MS = 300_000;

/** Notification lists show a time divider between two entries more than this far apart. */
export const NOTIFICATION_TIME_DIVIDER_GAP_MS = 600_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toMillis(instant: Instant): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/**
 * Describes `then` relative to `now`: "just now" under a minute, then whole minutes, hours or days
 * ago (keys `common.time.*` with `count`), then the local date as `M/D` from 30 days and
 * `YYYY/M/D` from 365 days. A `then` in the future (clock skew) reads as "just now".
 */
export function relativeTime(then: Instant, now: Instant, t: CountTranslator): string {
  const thenMs = toMillis(then);
  const elapsed = toMillis(now) - thenMs;
  if (elapsed < MINUTE) return t('common.time.justNow');
  if (elapsed < HOUR) return t('common.time.minutesAgo', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('common.time.hoursAgo', { count: Math.floor(elapsed / HOUR) });
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return t('common.time.daysAgo', { count: days });
  const date = new Date(thenMs);
  const monthDay = `${date.getMonth() + 1}/${date.getDate()}`;
  return days < 365 ? monthDay : `${date.getFullYear()}/${monthDay}`;
}

/**
 * Whether a list shows a time divider before `next`: always before the first entry (`prev`
 * undefined), otherwise when the two are more than `gapMs` apart, in either order.
 */
export function shouldShowTimeDivider(prev: Instant | undefined, next: Instant, gapMs: number): boolean {
  if (prev === undefined) return true;
  return Math.abs(toMillis(next) - toMillis(prev)) > gapMs;
}
