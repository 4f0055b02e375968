/** A part of the day with its own greeting (SPEC §9). */
export type GreetingPeriod = 'late' | 'morning' | 'afternoon' | 'evening';

/**
 * The part of the day at `date`'s local hour: `late` from 0 to 6, `morning` from 6 to 12,
 * `afternoon` from 12 to 18, `evening` from 18; each boundary hour belongs to the later period.
 */
export function greetingPeriod(date: Date): GreetingPeriod {
  const hour = date.getHours();
  if (hour < 6) return 'late';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The i18n key of the greeting for `date`, such as `common.greeting.morning`. */
export function greetingKey(date: Date): `common.greeting.${GreetingPeriod}` {
  return `common.greeting.${greetingPeriod(date)}`;
}
