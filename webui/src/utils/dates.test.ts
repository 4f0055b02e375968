// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate } from './dates';

describe('dates', () => {
  it('shows a countdown as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(59.9)).toBe('0:59');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('shows a date in the reader’s language', () => {
    const day = Date.UTC(2026, 11, 24, 12);
    expect(formatDate(day, 'en')).toBe('Dec 24, 2026');
    expect(formatDate(day, 'zh-hans')).toMatch(/2026年12月24日/);
  });
});
