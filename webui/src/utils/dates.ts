/** Dates and durations of the wallet screens, in the reader's language. */

const LOCALES: Record<string, string> = { 'zh-hans': 'zh-CN', en: 'en-US', es: 'es-ES' };

/** A calendar date ("Nov 24, 2026", "2026/11/24") of an epoch-ms instant. */
export function formatDate(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang] ?? lang, { year: 'numeric', month: 'short', day: 'numeric' }).format(ms);
}

/** A date and time of an epoch-ms instant. */
export function formatDateTime(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang] ?? lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

/** Whole seconds as m:ss ("4:59", "0:07"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
