/** The server settings (utils.getSettings), field names as in SPEC §3. */

/** A text that may be given per language ({"en": "...", "zh-hans": "..."}) or once for all. */
export type LocalizedText = string | Record<string, string>;

export interface LevelEntry {
  key: string;
  icon?: string;
  name?: string;
  names?: Record<string, string>;
  roles?: Record<string, unknown>;
}

export interface CurrencyEntry {
  code: string;
  symbol_iso?: string;
  symbol?: string;
  name?: string;
  names?: Record<string, string>;
}

export interface LanguageEntry {
  code: string;
  name: string;
  locale?: string;
  flag?: string;
  currency?: string;
}

export interface MenuItem {
  label: LocalizedText;
  url: string;
  icon?: string;
  children?: MenuItem[];
}

export type HeaderAttr = 'logo' | 'menu' | 'search' | 'download' | 'darkMode' | 'locale' | 'user';

export interface HeaderSettings {
  attrsPicked?: HeaderAttr[];
  menus?: MenuItem[];
  userList?: MenuItem[];
  backgroundColor?: string;
  textColor?: string;
  width?: number | string;
  textSize?: number | string;
  logoWidth?: number | string;
  logo?: string;
}

export interface CreateMenuSettings {
  menus?: MenuItem[];
  carousel?: { url: string; caption?: LocalizedText; link?: string }[];
  joinChat?: boolean;
  showShare?: boolean;
}

export interface FooterSettings {
  menus?: MenuItem[];
  createMenu?: CreateMenuSettings;
  backgroundColor?: string;
  textColor?: string;
  width?: number | string;
  textSize?: number | string;
  textHtmlLastRow?: string;
}

export type Device = 'mobile' | 'tablet' | 'desktop';

export interface DeviceSettings {
  header?: HeaderSettings;
  footer?: FooterSettings;
}

export interface LoginBox {
  login_type?: ('phone' | 'email')[];
  social?: string[];
  carousel?: { url: string; caption?: LocalizedText }[];
  user_agreement_url?: string;
  privacy_policy_url?: string;
}

export interface Settings {
  level?: { lv?: LevelEntry[]; vip?: LevelEntry[] };
  currency?: CurrencyEntry[];
  currencyPicked?: string;
  languages?: LanguageEntry[];
  credit_symbol?: string;
  analytics?: string;
  file_mimes?: Record<string, { mime?: string[]; ext?: string[] }>;
  max_file_size?: number;
  login_box?: LoginBox;
  report?: unknown;
  address_picker?: unknown;
  page_settings?: Partial<Record<Device, DeviceSettings>>;
}

/** Picks the text for lang from a localized value. */
export function localize(text: LocalizedText | undefined, lang: string): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return text;
  return text[lang] ?? text['zh-hans'] ?? Object.values(text)[0] ?? '';
}

/** A CSS length from a settings number (pixels) or string. */
export function cssLength(value: number | string | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return `${value}px`;
  return /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value;
}
