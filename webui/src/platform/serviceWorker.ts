/**
 * Registers the service worker (webui/src/sw, served at /sw.js) and asks it to update when a new
 * build is deployed. Tiny on purpose: it ships in the first-load script.
 */

/** The worker's address and scope: the whole site. */
export const WORKER_URL = '/sw.js';

/** Whether this page may run the worker: a secure page (https, or localhost) of a browser that has them. */
export function workerSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext === true && 'serviceWorker' in navigator;
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the worker once (later calls share the first); null where workers are not supported or
 * the registration failed (the site works without it).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!workerSupported()) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('service worker registration failed', error);
    registering = null;
    return null;
  });
  return registering;
}

/** Registers the worker once the page has loaded and the browser is idle, so it never delays the first paint. */
export function registerWhenLoaded(idle: (fn: () => void) => void): void {
  if (!workerSupported()) return;
  const start = () => idle(() => void registerServiceWorker());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** A new build is out: the worker checks /sw.js now, and the new one takes over (its caches too) before the next load. */
export async function updateServiceWorker(): Promise<void> {
  if (!workerSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  await registration?.update().catch(() => undefined);
}
