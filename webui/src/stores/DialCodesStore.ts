import { makeAutoObservable, runInAction } from 'mobx';
import type { Lang } from '../i18n/languages';
import type { RootStore } from './RootStore';

/** One region of GET /api/countryDialCodes. */
export interface DialCode {
  /** ISO 3166 region code, e.g. CN. */
  code: string;
  /** With its plus sign, e.g. +86. */
  dialCode: string;
  /** In the asked language. */
  name: string;
  flag?: string;
}

/** The region a phone field starts with, per language. */
export const DEFAULT_REGION: Record<Lang, string> = { 'zh-hans': 'CN', en: 'US', es: 'ES' };

/** The country dial codes of the phone field, per language; fetched once each. */
export class DialCodesStore {
  byLang = new Map<string, DialCode[]>();
  isFetching = false;

  private inFlight = new Map<string, Promise<void>>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<DialCodesStore, 'inFlight'>(this, { root: false, inFlight: false });
  }

  /** The list in the current language; empty until fetched. */
  get list(): DialCode[] {
    return this.byLang.get(this.root.locale.lang) ?? [];
  }

  find(region: string): DialCode | undefined {
    return this.list.find((entry) => entry.code === region);
  }

  fetch(lang: string = this.root.locale.lang): Promise<void> {
    if (this.byLang.has(lang)) return Promise.resolve();
    let pending = this.inFlight.get(lang);
    if (!pending) {
      pending = this.load(lang).finally(() => this.inFlight.delete(lang));
      this.inFlight.set(lang, pending);
    }
    return pending;
  }

  private async load(lang: string) {
    this.isFetching = true;
    const result = await this.root.client.get<{ data?: DialCode[] }>(`/api/countryDialCodes?lang=${encodeURIComponent(lang)}`);
    runInAction(() => {
      this.isFetching = false;
      const list = result.ok ? (result.data.data ?? []) : [];
      if (list.length > 0) this.byLang.set(lang, list);
    });
    if (!result.ok) this.root.client.showError(result.error);
  }
}
