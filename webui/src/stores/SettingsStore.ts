import { makeAutoObservable, runInAction } from 'mobx';
import { LANGUAGES } from '../i18n/languages';
import type { CurrencyEntry, Device, DeviceSettings, LanguageEntry, Settings } from '../models/settings';
import { injectAnalytics } from '../platform/analytics';
import type { RootStore } from './RootStore';

const FALLBACK_LANGUAGES: LanguageEntry[] = [
  { code: 'zh-hans', name: 'zh-CN', locale: 'zh-CN', currency: 'CNY' },
  { code: 'en', name: 'en-US', locale: 'en-US', currency: 'USD' },
  { code: 'es', name: 'es-ES', locale: 'es-ES', currency: 'EUR' },
];

/** The server settings (utils.getSettings) for the current language and currency. */
export class SettingsStore {
  settings: Settings | null = null;
  isFetching = false;
  isLoaded = false;

  private inFlight: Promise<void> | null = null;
  private inFlightKey = '';
  private analyticsInjected = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  /** Fetches the settings; concurrent calls for the same language and currency share one request. */
  fetch(): Promise<void> {
    const data = { lang: this.root.locale.lang, currency: this.root.locale.pickedCurrency ?? undefined };
    const key = JSON.stringify(data);
    if (this.inFlight && this.inFlightKey === key) return this.inFlight;
    this.isFetching = true;
    this.inFlightKey = key;
    this.inFlight = this.root.client
      .request<{ settings: Settings }>('utils.getSettings', data)
      .then((reply) => {
        runInAction(() => {
          if (reply?.settings) this.settings = reply.settings;
          this.isFetching = false;
          this.isLoaded = true;
        });
        if (reply?.settings && !this.analyticsInjected) {
          this.analyticsInjected = true;
          injectAnalytics(reply.settings.analytics);
        }
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Header and footer settings for a device mode. */
  forDevice(device: Device): DeviceSettings {
    return this.settings?.page_settings?.[device] ?? {};
  }

  get languages(): LanguageEntry[] {
    const listed = this.settings?.languages?.filter((l) => (LANGUAGES as readonly string[]).includes(l.code));
    return listed && listed.length > 0 ? listed : FALLBACK_LANGUAGES;
  }

  get currencies(): CurrencyEntry[] {
    return this.settings?.currency ?? [];
  }

  currencyEntry(code: string): CurrencyEntry | undefined {
    return this.currencies.find((c) => c.code === code);
  }
}
