import { describe, expect, it } from 'vitest';
import { greetingKey, greetingPeriod } from './greeting';

describe('greetingPeriod', () => {
  it.each([
    [0, 'late'],
    [5, 'late'],
    [6, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ])('hour %i is %s', (hour, period) => {
    expect(greetingPeriod(new Date(2025, 0, 1, hour, 30))).toBe(period);
  });

  it('gives the i18n key', () => {
    expect(greetingKey(new Date(2025, 0, 1, 6, 0))).toBe('common.greeting.morning');
    expect(greetingKey(new Date(2025, 0, 1, 3, 0))).toBe('common.greeting.late');
  });
});
