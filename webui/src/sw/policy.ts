/**
 * What the service worker does with each request, and what it shows for a push: pure functions,
 * tested beside (policy.test.ts). No import from the app: the worker stays a few kilobytes.
 */
import type { WorkerBuild } from './scope';

/** The site's languages and the path prefix of each; the first has none. */
const LANGS = [
  { code: 'zh-hans', prefix: '' },
  { code: 'en', prefix: '/en' },
  { code: 'es', prefix: '/es' },
] as const;

export type WorkerLang = (typeof LANGS)[number]['code'];

/** Every cache of this site's worker is named with this prefix and the build id. */
export const CACHE_PREFIX = 'souk-';

/** How long a page navigation waits for the network before the cached app shell is shown. */
export const NAVIGATION_TIMEOUT_MS = 4000;

/**
 * How a request is answered: `page` network first (the app shell when offline), `static` from the
 * cache first (hashed assets, versioned messages, icons), `network` untouched (the API, the build
 * manifests, uploads and media, anything not a GET or not of this site).
 */
export type Strategy = 'page' | 'static' | 'network';

export function cacheName(buildId: string): string {
  return `${CACHE_PREFIX}${buildId}`;
}

/** The caches of older builds, which the new worker deletes on activation. */
export function staleCaches(names: readonly string[], buildId: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName(buildId));
}

export function strategyOf(request: { method: string; mode: string; url: string }, origin: string): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (path.startsWith('/assets/') || path.startsWith('/icons/') || path.startsWith('/_offline/')) return 'static';
  // The message files: only the versioned address the client asks (?v=<build>) is stable.
  if (path.startsWith('/_i18n/') && url.searchParams.has('v')) return 'static';
  if (request.mode === 'navigate' && !isServerPath(path)) return 'page';
  return 'network';
}

/** Paths the server answers itself, never with the app: no shell stands in for them. */
function isServerPath(path: string): boolean {
  return /^\/(api|builds|_i18n|media|uploads?|metrics|readyz|healthz|sitemap|robots\.txt|sw\.js)(\/|$|[.-])/.test(path);
}

/** The language of a page path, from its prefix. */
export function langOf(path: string): WorkerLang {
  for (const lang of LANGS) if (lang.prefix && (path === lang.prefix || path.startsWith(`${lang.prefix}/`))) return lang.code;
  return LANGS[0].code;
}

/** The home page of a language: where its app shell is kept. */
export function homeOf(lang: WorkerLang): string {
  return LANGS.find((l) => l.code === lang)?.prefix || '/';
}

export function offlinePageOf(lang: WorkerLang): string {
  return `/_offline/${lang}.html`;
}

/**
 * What the worker caches when it installs: the build's first-paint files, the offline page of
 * every language, and for the languages of the open pages their home (the app shell, which renders
 * any route) and their messages. Lazy chunks are cached when first used, not here.
 */
export function precacheList(build: WorkerBuild, langs: readonly WorkerLang[]): string[] {
  const wanted = langs.length > 0 ? [...new Set(langs)] : [LANGS[0].code];
  return [
    ...build.shell,
    '/icons/icon-192.png',
    ...LANGS.map((l) => offlinePageOf(l.code)),
    ...wanted.flatMap((lang) => [homeOf(lang), `/_i18n/${lang}/messages.json?v=${encodeURIComponent(build.id)}`]),
  ];
}

/** A push as app/push sends it (its Payload). */
export interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  count?: number;
  kind?: string;
  lang?: string;
}

type ShowOptions = NotificationOptions & { renotify?: boolean; timestamp?: number };

/** The notification a push shows: a burst of one conversation replaces its last one and rings again. */
export function notificationOf(payload: PushPayload, now = Date.now()): { title: string; options: ShowOptions } {
  const tag = typeof payload.tag === 'string' ? payload.tag : '';
  return {
    title: payload.title || 'Souk',
    options: {
      body: payload.body ?? '',
      tag: tag || undefined,
      renotify: Boolean(tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: payload.lang,
      timestamp: now,
      data: { url: payload.url || '/', kind: payload.kind ?? '', count: payload.count ?? 1 },
    },
  };
}

/** Reads a push's data as JSON; a push without data or with text shows that text. */
export function payloadOf(data: { json(): unknown; text(): string } | null): PushPayload {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === 'object' ? (value as PushPayload) : {};
  } catch {
    return { body: data.text() };
  }
}

/** The absolute address a notification opens: a path of this site, or an https link as sent. */
export function targetOf(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.protocol === 'https:' || target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
