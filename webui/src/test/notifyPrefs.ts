import { NOTIFY_KINDS, type NotifyPrefsReply } from '../api/notifyPrefs';

/**
 * A notify.prefs reply: the server's defaults (push off for likes, email off for follows and
 * likes), messages and system locked in the site, push turned off by the operators for orders.
 */
export function prefsReply(overrides: Partial<NotifyPrefsReply> = {}): NotifyPrefsReply {
  return {
    kinds: NOTIFY_KINDS.map((kind) => ({
      kind,
      site: true,
      push: kind !== 'likes',
      email: kind !== 'follows' && kind !== 'likes',
      siteLocked: kind === 'messages' || kind === 'system',
      pushAllowed: kind !== 'orders',
      emailAllowed: true,
    })),
    dnd: { enabled: false, start: '22:00', end: '07:30', timeZone: 'Europe/Madrid' },
    digest: false,
    digestAllowed: true,
    digestHour: 8,
    hasEmail: true,
    pushAvailable: true,
    emailDelayMinutes: 15,
    ...overrides,
  };
}
