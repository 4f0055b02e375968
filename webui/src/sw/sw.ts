/**
 * The service worker (served at /sw.js, scope /; built by webui/build.mjs with its build injected).
 * It makes repeat visits fast and the site usable offline: the app shell (the first paint's
 * scripts and stylesheet, the home page of the open pages' languages and their messages) is
 * precached on install; hashed assets are served from the cache first; pages go to the network
 * first and, offline or slow, get the cached shell (the app renders any route) or else the
 * language's offline page. The API and the websocket never pass through a cache.
 *
 * A new build is a new worker (its bytes carry the build id): the client asks for an update when it
 * sees a new build (BuildStore), the new worker takes over at once and deletes the older caches, so
 * the next page load is the new app.
 *
 * Pushes (app/push Payload) become notifications; a click focuses an open page of the site and
 * takes it to the push's page, or opens one.
 */
import {
  NAVIGATION_TIMEOUT_MS,
  cacheName,
  homeOf,
  langOf,
  notificationOf,
  offlinePageOf,
  payloadOf,
  precacheList,
  staleCaches,
  strategyOf,
  targetOf,
  type WorkerLang,
} from './policy';
import type { FetchEvent, ServiceWorkerScope, WindowClient, WorkerBuild } from './scope';

declare const __SOUK_BUILD__: WorkerBuild;

const sw = self as unknown as ServiceWorkerScope;
const build = __SOUK_BUILD__;
const CACHE = cacheName(build.id);

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const pages = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const langs = pages.map((page) => langOf(new URL(page.url).pathname));
      const cache = await caches.open(CACHE);
      await cache.addAll(precacheList(build, langs).map((url) => new Request(url, { cache: 'reload' })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(staleCaches(names, build.id).map((name) => caches.delete(name)))));
});

sw.addEventListener('fetch', (event) => {
  const strategy = strategyOf(event.request, sw.location.origin);
  switch (strategy) {
    case 'page':
      event.respondWith(page(event));
      return;
    case 'static':
      event.respondWith(fromCacheFirst(event.request));
      return;
    case 'network':
      // Not answered here: the browser fetches it as if there were no worker.
      return;
    default:
      strategy satisfies never;
  }
});

/** Cache first; what the network answers well is kept for next time. */
async function fromCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * A page: the network's answer (kept as the language's shell when it is a found page), unless it
 * fails or is slower than NAVIGATION_TIMEOUT_MS; then the cached shell of the page's language (or
 * any language's), then the offline page.
 */
async function page(event: FetchEvent): Promise<Response> {
  const lang = langOf(new URL(event.request.url).pathname);
  let kept: Promise<unknown> = Promise.resolve();
  const network = fetch(event.request).then((response) => {
    if (response.status === 200 && !response.redirected && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      const copy = response.clone();
      kept = caches.open(CACHE).then((cache) => cache.put(homeOf(lang), copy));
    }
    return response;
  });
  // Called before the first await, while the event may still be extended.
  event.waitUntil(network.then(() => kept).catch(() => undefined));
  const answer = await Promise.race([network.catch(() => null), timeout(NAVIGATION_TIMEOUT_MS)]);
  if (answer) return answer;
  const cache = await caches.open(CACHE);
  const fallback = (await shellOf(cache, lang)) ?? (await cache.match(offlinePageOf(lang)));
  if (fallback) return fallback;
  // Nothing cached: the network may still answer, late.
  return network;
}

async function shellOf(cache: Cache, lang: WorkerLang): Promise<Response | undefined> {
  for (const home of [homeOf(lang), homeOf('zh-hans'), homeOf('en'), homeOf('es')]) {
    const shell = await cache.match(home);
    if (shell) return shell;
  }
  return undefined;
}

function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

sw.addEventListener('push', (event) => {
  const { title, options } = notificationOf(payloadOf(event.data));
  event.waitUntil(sw.registration.showNotification(title, options));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf((event.notification.data as { url?: unknown } | null)?.url, sw.location.origin);
  event.waitUntil(openPage(target));
});

/** Focuses a page of the site (the focused one, else the last) on target, or opens a window on it. */
async function openPage(target: string): Promise<void> {
  const pages = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (page) => new URL(page.url).origin === sw.location.origin,
  );
  const page: WindowClient | undefined = pages.find((p) => p.url === target) ?? pages.find((p) => p.focused) ?? pages.at(-1);
  if (page && new URL(target).origin === sw.location.origin) {
    const focused = await page.focus();
    if (focused.url === target) return;
    // A page this worker does not control cannot be navigated from here: open the target instead.
    if (await focused.navigate(target).catch(() => null)) return;
  }
  await sw.clients.openWindow(target);
}
