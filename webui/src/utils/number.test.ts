import { describe, expect, it } from 'vitest';
import { abbreviate, formatBytes, progressStatus } from './number';

describe('abbreviate', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1200, '1.2K'],
    [1999, '1.9K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [2_560_000, '2.5M'],
    [1_000_000_000, '1G'],
    [1_500_000_000_000, '1500G'],
    [-1200, '-1.2K'],
  ])('%d → %s', (n, expected) => {
    expect(abbreviate(n)).toBe(expected);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_575, '1 MB'],
    [1_048_576, '1 MB'],
    [5.25 * 1024 ** 2, '5.3 MB'],
    [1024 ** 3, '1 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
  ])('%d → %s', (n, expected) => {
    expect(formatBytes(n)).toBe(expected);
  });
});

describe('progressStatus', () => {
  it.each([
    [0, false, 'warning'],
    [50, false, 'warning'],
    [100, false, 'success'],
    [120, false, 'success'],
    [50, true, 'exception'],
    [100, true, 'exception'],
  ] as const)('%d%% failed=%s → %s', (percent, failed, expected) => {
    expect(progressStatus(percent, failed)).toBe(expected);
  });

  it('treats a missing failed flag as not failed', () => {
    expect(progressStatus(100)).toBe('success');
  });
});
