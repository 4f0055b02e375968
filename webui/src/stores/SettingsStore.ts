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

/** A reload after a layout or settings event waits this long before asking again while the reply is older. */
export const LAYOUT_RETRY_MS = 1200;
/** How many times a reload after a layout or settings event asks again before it settles for what it has. */
export const LAYOUT_RETRIES = 5;

interface SettingsReply {
  settings: Settings;
  /** The published layout version the settings' page_settings come from (0 before any). */
  layoutVersion?: number;
  /** The version of the site-wide settings the answer was read at (0 before any save). */
  settingsVersion?: number;
}

/** Waits `ms`. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The server settings (utils.getSettings) for the current language and currency. */
export class SettingsStore {
  settings: Settings | null = null;
  /** The published layout version of the settings held (0 before any, or before they loaded). */
  layoutVersion = 0;
  /** The site-wide settings version of the settings held (0 before any save, or before they loaded). */
  settingsVersion = 0;
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
      .request<SettingsReply>('utils.getSettings', data)
      .then((reply) => this.take(reply))
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /**
   * A layout was published as `version` (a live event): reads the settings again, and again after
   * {@link LAYOUT_RETRY_MS} while the reply is of an older layout (a server not caught up yet).
   * Failures stay quiet: the settings held stay on screen.
   */
  reloadLayout(version: number): Promise<void> {
    return this.reloadUntil(() => this.layoutVersion >= version);
  }

  /**
   * An administrator saved the site settings as `version` (a live event): reads them again, the
   * same way as {@link reloadLayout}, so that an open page shows a new currency or language at once.
   */
  reloadSettings(version: number): Promise<void> {
    return this.reloadUntil(() => this.settingsVersion >= version);
  }

  /** Reads the settings until `caughtUp` holds, waiting between tries for a server that lags behind. */
  private async reloadUntil(caughtUp: () => boolean): Promise<void> {
    for (let attempt = 0; attempt <= LAYOUT_RETRIES && !caughtUp(); attempt++) {
      if (attempt > 0) await pause(LAYOUT_RETRY_MS);
      const data = { lang: this.root.locale.lang, currency: this.root.locale.pickedCurrency ?? undefined };
      const result = await this.root.client.call<SettingsReply>('utils.getSettings', data);
      if (result.ok) this.take(result.data);
    }
  }

  private take(reply: SettingsReply | null) {
    runInAction(() => {
      if (reply?.settings) {
        this.settings = reply.settings;
        this.layoutVersion = reply.layoutVersion ?? 0;
        this.settingsVersion = reply.settingsVersion ?? 0;
      }
      this.isFetching = false;
      this.isLoaded = true;
    });
    if (reply?.settings && !this.analyticsInjected) {
      this.analyticsInjected = true;
      injectAnalytics(reply.settings.analytics);
    }
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
