/** Compact numbers and progress states (SPEC §9). */

const COUNT_UNITS = ['', 'K', 'M', 'G'] as const;

/**
 * Abbreviates a count with 1000-based units: 999 → `999`, 1200 → `1.2K`, 1 000 000 → `1M`.
 * One decimal at most, truncated toward zero so a count is never overstated (1999 → `1.9K`);
 * counts of 1000 G and more stay in G.
 */
export function abbreviate(n: number): string {
  const sign = n < 0 ? '-' : '';
  const absolute = Math.abs(n);
  let unit = 0;
  while (unit < COUNT_UNITS.length - 1 && absolute >= 1000 ** (unit + 1)) unit++;
  if (unit === 0) return `${sign}${absolute}`;
  const tenths = Math.trunc(absolute / (1000 ** unit / 10));
  return `${sign}${tenths / 10}${COUNT_UNITS[unit]}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * Formats a size in bytes with 1024-based units: 512 → `512 B`, 1536 → `1.5 KB`,
 * 1048576 → `1 MB`. One decimal at most, rounded (a value that rounds up to 1024 moves to the
 * next unit); sizes of 1024 GB and more stay in GB.
 */
export function formatBytes(n: number): string {
  let unit = 0;
  while (unit < BYTE_UNITS.length - 1 && n >= 1024 ** (unit + 1)) unit++;
  let value = Math.round((n / 1024 ** unit) * 10) / 10;
  if (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    unit++;
    value = Math.round((n / 1024 ** unit) * 10) / 10;
  }
  return `${unit === 0 ? n : value} ${BYTE_UNITS[unit]}`;
}

/** The colour of a progress bar. */
export type ProgressStatus = 'success' | 'exception' | 'warning';

/**
 * The colour of a progress bar: `exception` once the task has failed (whatever its percent),
 * `success` at 100 % or more, and `warning` while it is still running.
 */
export function progressStatus(percent: number, failed = false): ProgressStatus {
  if (failed) return 'exception';
  if (percent >= 100) return 'success';
  return 'warning';
}
