/**
 * Links between languages (SPEC §9): zh-hans is the default and has no path prefix, en and es
 * live under `/en` and `/es`.
 */
import { DEFAULT_LANG, PREFIXED_LANGS, type Lang } from '../i18n/languages';

/** Matches a leading `/en` or `/es` path segment. */
const LANGUAGE_PREFIX = new RegExp(`^/(?:${PREFIXED_LANGS.join('|')})(?=$|[/?#])`);

/**
 * Whether `href` leaves the application: `http://`, `https://`, protocol-relative `//`,
 * `mailto:` and `tel:` (case-insensitive).
 */
export function isExternal(href: string): boolean {
  return /^(?:https?:\/\/|\/\/|mailto:|tel:)/i.test(href);
}

/** Whether an external `href` should open in a new tab: web addresses do, `mailto:` and `tel:` do not. */
export function opensInNewTab(href: string): boolean {
  return /^(?:https?:)?\/\//i.test(href);
}

/**
 * The language of the site matching an i18next language code, case-insensitively
 * (`zh-Hans` → `zh-hans`, `en-US` → `en`); anything else is the default language.
 */
export function toLang(code: string | undefined): Lang {
  const lower = (code ?? '').toLowerCase();
  return PREFIXED_LANGS.find((lang) => lower === lang || lower.startsWith(`${lang}-`)) ?? DEFAULT_LANG;
}

/**
 * The in-app `path` as seen in `lang`: an existing `/en` or `/es` prefix is replaced, zh-hans gets
 * no prefix, and the query and hash are kept (`/topics?page=2` in en → `/en/topics?page=2`,
 * `/` in en → `/en`, `/en/topics` in zh-hans → `/topics`). A path not starting with `/`
 * (relative, `?query`, `#hash`) is returned unchanged.
 */
export function localizePath(path: string, lang: Lang): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const unprefixed = path.replace(LANGUAGE_PREFIX, '');
  const rest = unprefixed.startsWith('/') ? unprefixed : `/${unprefixed}`;
  if (lang === DEFAULT_LANG) return rest;
  return rest === '/' || /^\/[?#]/.test(rest) ? `/${lang}${rest.slice(1)}` : `/${lang}${rest}`;
}

/**
 * The profile page of a member: `/profile/{gqSlug}-{databaseId}` (the page resolver reads the id
 * after the last '-'); `/profile/{databaseId}` when the member has no slug.
 */
export function profilePath(user: { gqSlug?: string; databaseId: string }): string {
  const slug = encodeURIComponent(user.gqSlug ?? '');
  return slug ? `/profile/${slug}-${user.databaseId}` : `/profile/${user.databaseId}`;
}
