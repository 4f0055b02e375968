import { describe, expect, it } from 'vitest';
import {
  CHAT_TIME_DIVIDER_GAP_MS,
  NOTIFICATION_TIME_DIVIDER_GAP_MS,
  relativeTime,
  shouldShowTimeDivider,
  type CountTranslator,
} from './time';

const t: CountTranslator = (key, options) => (options ? `${key}:${options.count}` : key);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);

  it.each([
    ['the same instant', 0, 'common.time.justNow'],
    ['59 s', 59 * SECOND, 'common.time.justNow'],
    ['60 s', MINUTE, 'common.time.minutesAgo:1'],
    ['59 min 59 s', HOUR - SECOND, 'common.time.minutesAgo:59'],
    ['1 h', HOUR, 'common.time.hoursAgo:1'],
    ['23 h 59 min', DAY - MINUTE, 'common.time.hoursAgo:23'],
    ['1 day', DAY, 'common.time.daysAgo:1'],
    ['29 days', 29 * DAY, 'common.time.daysAgo:29'],
    ['a future instant (clock skew)', -5 * MINUTE, 'common.time.justNow'],
  ])('%s ago reads %s', (_, elapsed, expected) => {
    expect(relativeTime(now.getTime() - elapsed, now, t)).toBe(expected);
  });

  it('shows M/D in local time from 30 days', () => {
    expect(relativeTime(new Date(2025, 4, 16, 12, 0, 0), now, t)).toBe('5/16');
    expect(relativeTime(new Date(2025, 0, 3, 8, 0, 0), now, t)).toBe('1/3');
  });

  it('shows YYYY/M/D from 365 days', () => {
    expect(relativeTime(new Date(2024, 5, 15, 12, 0, 0), now, t)).toBe('2024/6/15');
    expect(relativeTime(new Date(2019, 11, 31, 23, 0, 0), now, t)).toBe('2019/12/31');
  });

  it('accepts numbers and dates alike', () => {
    expect(relativeTime(now.getTime() - 2 * HOUR, now.getTime(), t)).toBe('common.time.hoursAgo:2');
    expect(relativeTime(new Date(now.getTime() - 3 * DAY), now, t)).toBe('common.time.daysAgo:3');
  });
});

describe('shouldShowTimeDivider', () => {
  it('uses the SPEC gaps', () => {
    expect(CHAT_TIME_DIVIDER_GAP_MS).toBe(300_000);
    expect(NOTIFICATION_TIME_DIVIDER_GAP_MS).toBe(600_000);
  });

  it.each([
    ['the first entry', undefined, 0, CHAT_TIME_DIVIDER_GAP_MS, true],
    ['chat, exactly 300 s', 0, 300 * SECOND, CHAT_TIME_DIVIDER_GAP_MS, false],
    ['chat, 301 s', 0, 301 * SECOND, CHAT_TIME_DIVIDER_GAP_MS, true],
    ['notifications, 10 min', 0, 10 * MINUTE, NOTIFICATION_TIME_DIVIDER_GAP_MS, false],
    ['notifications, 10 min 1 ms', 0, 10 * MINUTE + 1, NOTIFICATION_TIME_DIVIDER_GAP_MS, true],
    ['entries out of order', 10 * MINUTE, 0, CHAT_TIME_DIVIDER_GAP_MS, true],
  ])('%s', (_, prev, next, gap, expected) => {
    expect(shouldShowTimeDivider(prev, next, gap)).toBe(expected);
  });

  it('accepts dates', () => {
    expect(shouldShowTimeDivider(new Date(2025, 0, 1, 10, 0), new Date(2025, 0, 1, 10, 6), CHAT_TIME_DIVIDER_GAP_MS)).toBe(true);
  });
});
