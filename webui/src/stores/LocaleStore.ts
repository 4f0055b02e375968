import { makeAutoObservable, runInAction } from 'mobx';
import { LANG_COOKIE, LANG_COOKIE_DAYS } from '../i18n/detect';
import { DEFAULT_CURRENCY, HTML_LANG, type Lang } from '../i18n/languages';
import { setCookie } from '../platform/cookies';
import { readStorage, writeStorage } from '../platform/storage';
import type { RootStore } from './RootStore';

export const CURRENCY_KEY = 'currency';

/** The language (from the URL) and the currency (picked, or the settings' default). */
export class LocaleStore {
  lang: Lang;
  /** The currency the visitor picked, if any; otherwise the settings decide. */
  pickedCurrency: string | null = readStorage(CURRENCY_KEY);

  constructor(
    readonly root: RootStore,
    lang: Lang,
  ) {
    this.lang = lang;
    makeAutoObservable(this, { root: false });
  }

  /** The picked currency, else the language's own (languages[].currency), else the settings' pick. */
  get currency(): string {
    const settings = this.root.settings.settings;
    return (
      this.pickedCurrency ??
      settings?.languages?.find((l) => l.code === this.lang)?.currency ??
      settings?.currencyPicked ??
      DEFAULT_CURRENCY[this.lang]
    );
  }

  /** Follows the URL's language: loads its messages, then switches i18n and the settings. */
  async setLang(lang: Lang) {
    if (lang === this.lang && this.root.i18n.language === lang) return;
    await this.root.ensureMessages(lang);
    await this.root.i18n.changeLanguage(lang);
    runInAction(() => {
      this.lang = lang;
    });
    document.documentElement.lang = HTML_LANG[lang];
    await this.root.settings.fetch();
  }

  /** Remembers an explicit choice of language for later visits. */
  rememberLang(lang: Lang) {
    setCookie(LANG_COOKIE, lang, LANG_COOKIE_DAYS);
  }

  async setCurrency(code: string) {
    this.pickedCurrency = code;
    writeStorage(CURRENCY_KEY, code);
    await this.root.settings.fetch();
  }
}
