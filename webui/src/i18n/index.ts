import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANG, LANGUAGES, type Lang } from './languages';
import type { Messages } from './messages';

export type { I18n };

/** Creates the i18next instance of the app, with the messages already loaded. */
export function createI18n(lang: Lang, resources: Partial<Record<Lang, Messages>>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnEmptyString: true,
    resources: Object.fromEntries(
      Object.entries(resources).map(([code, messages]) => [code, { translation: messages }]),
    ),
  });
  return instance;
}
