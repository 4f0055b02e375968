/**
 * The member's notification preferences (notify.prefs, notify.savePrefs), the operators' switches
 * (the settings document "notify") and the signed unsubscribe link (notify.unsubscribe).
 */
import type { DND, KindPrefs, NotifyPrefsReply, NotifymailUnsubscribeReply, Operators, SavePrefsInput } from './wire.gen';

/** The kinds a member sets channels for, in the order the server lists them. */
export const NOTIFY_KINDS = ['messages', 'mentions', 'replies', 'follows', 'likes', 'awards', 'orders', 'wallet', 'system'] as const;

/** The ways a notification reaches a member. */
export const NOTIFY_CHANNELS = ['site', 'push', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** One kind's channels as notify.prefs answers it (siteLocked, and what the operators allow), and the whole reply. */
export type { KindPrefs, NotifyPrefsReply };
/** Do not disturb: times as "HH:MM" in the member's time zone; start after end wraps midnight. */
export type DndPrefs = DND;
/** The input of notify.savePrefs (kinds left out keep their stored values). */
export type SaveNotifyPrefsInput = SavePrefsInput;
/** The reply of notify.unsubscribe: what was turned off ("all", "digest" or a kind), for which masked address. */
export type UnsubscribeReply = NotifymailUnsubscribeReply;
/** The operators' switches: the site settings document "notify" the console edits (a kind missing is on). */
export type NotifyOperators = Operators;

/** The operators' switches when none are stored: everything on, email after 15 minutes, digest at 8. */
export function defaultOperators(): NotifyOperators {
  return { push: {}, email: {}, emailDelayMinutes: 15, digest: true, digestHour: 8 };
}

/** Whether the operators' switches allow a kind on a channel (a kind not listed is on). */
export function operatorAllows(doc: NotifyOperators, channel: 'push' | 'email', kind: string): boolean {
  return doc[channel][kind] !== false;
}

/** The switches with every kind listed explicitly, as the console saves them (so "missing" and "on" compare equal). */
export function explicitOperators(doc: NotifyOperators | undefined): NotifyOperators {
  const base = doc ?? defaultOperators();
  const each = (channel: 'push' | 'email') => Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, operatorAllows(base, channel, kind)]));
  return { ...base, push: each('push'), email: each('email') };
}
