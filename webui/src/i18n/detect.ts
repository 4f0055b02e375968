import { localizePath } from '../utils/links';
import { DEFAULT_LANG, PREFIXED_LANGS, isLang, type Lang } from './languages';

/** The cookie remembering the chosen language (365 days). */
export const LANG_COOKIE = 'i18n_redirected';
export const LANG_COOKIE_DAYS = 365;

/** The language a path is in, from its prefix. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/').find((segment) => segment !== '');
  return first && (PREFIXED_LANGS as readonly string[]).includes(first) ? (first as Lang) : DEFAULT_LANG;
}

/** The path without its language prefix, always starting with '/'. */
export function stripLangPrefix(pathname: string): string {
  const lang = langFromPath(pathname);
  if (lang === DEFAULT_LANG) return pathname.startsWith('/') ? pathname : `/${pathname}`;
  const rest = pathname.replace(/^\/+/, '').slice(lang.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** Maps a browser or host language tag (zh-CN, en-US, es-419...) to ours. */
export function langFromTag(tag: string | undefined | null): Lang | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (isLang(lower)) return lower;
  const base = lower.split(/[-_]/)[0];
  if (base === 'zh') return 'zh-hans';
  return isLang(base) ? base : null;
}

export interface DetectionInput {
  cookie: string | null;
  host: string;
  browserLanguages: readonly string[];
}

/** The preferred language: the cookie, else the host's first label (en.example.com), else the browser's. */
export function detectLang({ cookie, host, browserLanguages }: DetectionInput): Lang {
  if (isLang(cookie)) return cookie;
  const fromHost = langFromTag(host.split('.')[0]);
  if (fromHost && host.split('.').length > 2) return fromHost;
  for (const tag of browserLanguages) {
    const lang = langFromTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

/**
 * Where a first visit to the unprefixed root should go: the root redirects to
 * the detected language (as the i18n cookie strategy does); other paths keep
 * the language their URL names. Returns null when no redirect is needed.
 */
export function rootRedirect(pathname: string, search: string, detected: Lang): string | null {
  if (pathname !== '/' || detected === DEFAULT_LANG) return null;
  return localizePath('/', detected) + search;
}
