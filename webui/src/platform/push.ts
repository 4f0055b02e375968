/**
 * The browser's side of Web Push: whether it can, the notification permission (asked only when the
 * member turns push on), and this device's PushSubscription through the service worker.
 */

/** Why push could not be turned on or off here; each has its own message. */
export type PushFailure = 'unsupported' | 'denied' | 'dismissed' | 'noWorker' | 'subscribeFailed';

/** A failure of the browser's side of push, with its reason. */
export class PushError extends Error {
  constructor(
    readonly reason: PushFailure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'PushError';
  }
}

/** How long to wait for the service worker before saying there is none. */
export const WORKER_TIMEOUT_MS = 10_000;

/** The subscription as push.subscribe takes it (PushSubscription.toJSON()). */
export interface SubscriptionJSON {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Whether this browser has everything Web Push needs (a secure page, service workers, PushManager, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext !== false &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The notification permission as it stands (never asks). */
export function pushPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'default';
}

/** The service worker's registration once active; PushError noWorker when none comes in time. */
export async function workerRegistration(timeoutMs = WORKER_TIMEOUT_MS): Promise<ServiceWorkerRegistration> {
  if (!pushSupported()) throw new PushError('unsupported');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushError('noWorker')), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This device's subscription, or null when it has none (or the browser cannot push). It does not
 * wait for a worker that was never registered: without one there is no subscription.
 */
export async function currentSubscription(timeoutMs = WORKER_TIMEOUT_MS): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  try {
    if (!(await navigator.serviceWorker.getRegistration())) return null;
    const registration = await workerRegistration(timeoutMs);
    return await registration.pushManager.getSubscription();
  } catch {
    return null;
  }
}

/** A base64url text (no padding) as bytes: the VAPID public key as applicationServerKey. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with the given server key. */
function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options?.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

function toJSON(subscription: PushSubscription): SubscriptionJSON {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Asks the notification permission (the member just turned push on) and subscribes this device
 * with the site's VAPID key; a subscription made with another key is replaced.
 */
export async function subscribePush(publicKey: string, timeoutMs = WORKER_TIMEOUT_MS): Promise<SubscriptionJSON> {
  if (!pushSupported()) throw new PushError('unsupported');
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') throw new PushError('denied');
  if (permission !== 'granted') throw new PushError('dismissed');
  const registration = await workerRegistration(timeoutMs);
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return toJSON(existing);
  if (existing) await existing.unsubscribe();
  try {
    return toJSON(await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  } catch (error) {
    throw new PushError('subscribeFailed', error instanceof Error ? error.message : String(error));
  }
}

/** Drops this device's subscription; its endpoint, or null when it had none. */
export async function unsubscribePush(timeoutMs = WORKER_TIMEOUT_MS): Promise<string | null> {
  const subscription = await currentSubscription(timeoutMs);
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
