/** The languages of the site. zh-hans is the default and has no URL prefix. */
export const LANGUAGES = ['zh-hans', 'en', 'es'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = 'zh-hans';

/** Languages shown with a URL prefix (/en, /es). */
export const PREFIXED_LANGS: readonly Lang[] = ['en', 'es'];

/** Builder defaults: the currency each language starts with (SPEC §9). */
export const DEFAULT_CURRENCY: Record<Lang, string> = { 'zh-hans': 'CNY', en: 'USD', es: 'EUR' };

/** BCP 47 tags for <html lang> and Intl. */
export const HTML_LANG: Record<Lang, string> = { 'zh-hans': 'zh-Hans', en: 'en', es: 'es' };

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Each language's name in itself, for the language picker. */
export const NATIVE_NAME: Record<Lang, string> = { 'zh-hans': '简体中文', en: 'English', es: 'Español' };
