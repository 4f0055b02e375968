/**
 * The operators' settings and cluster view (admin.settings, admin.saveSettings, admin.clusterStatus):
 * the wire shapes under the names the admin screens use, and the values the server documents as text.
 */
import type {
  AddressPickerDoc,
  CarouselDoc,
  CountryDoc,
  CurrencySetting,
  DBPool,
  FileMimes,
  LanguageSetting,
  LevelRoles,
  LevelSetting,
  LoginBoxSetting,
  MediaRole,
  NodeStatus,
  SettingsReply,
  VIPTierSetting,
} from './wire.gen';

export type { ClusterStatusReply, SaveSettingsInput, SaveSettingsReply } from './wire.gen';

/** A text per language code ("zh-hans", "en", "es"). */
export type Texts = Record<string, string>;

/** The sections admin.saveSettings saves one at a time, in the order the screen lists them. */
export const SETTINGS_SECTIONS = [
  'languages',
  'currencies',
  'creditSymbol',
  'levels',
  'vipTiers',
  'loginBox',
  'report',
  'files',
  'analytics',
  'addressPicker',
  'notify',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** admin.settings: every section, raw (every language, not localized), at `version`. */
export type AdminSettings = SettingsReply;
export type AdminLanguage = LanguageSetting;
export type AdminCurrency = CurrencySetting;
/** The upload right of one media type: `max` per day (0 unlimited), `size` in MB (0: the site's largest). */
export type AdminMediaRole = MediaRole;
export type AdminLevelRoles = LevelRoles;
export type AdminLevel = LevelSetting;
/** A VIP tier; `prices` per currency code (or CREDIT) as decimal text in major units, none: not for sale. */
export type AdminVipTier = VIPTierSetting;
export type AdminCarousel = CarouselDoc;
export type AdminLoginBox = LoginBoxSetting;
export type AdminFileMimes = FileMimes;
export type AdminCountry = CountryDoc;
export type AdminAddressPicker = AddressPickerDoc;

/** One node's view of the cluster, with its load: chat messages and websocket frames per second, its pools. */
export type ClusterNode = NodeStatus;
/** A node's database connections. */
export type NodeDbPool = DBPool;

/** The error key of a save made on settings someone else saved in the meantime. */
export const STALE_CODE = 'admin.error.stale';

/** Sign-in types the login box may offer. */
export const LOGIN_TYPES = ['phone', 'email'] as const;
/** Social sign-in providers the server knows. */
export const SOCIAL_PROVIDERS = ['wechat', 'github', 'google'] as const;
/** Capabilities a level may give (userCan). */
export const CAPABILITIES = ['chat', 'directMessages'] as const;
/** Media types of the upload rights and of the accepted files. */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'attachment'] as const;
/** Report types the reasons are listed for. */
export const REPORT_TYPES = ['post', 'comment', 'user', 'chat'] as const;

/** Where a refused save points, and what to show there. */
export interface RefusedField {
  /** The value's JSON path (`value[2].names.es`, `value` for the whole section), null when the refusal names none. */
  path: string | null;
  /** The message, without the path it starts with. */
  text: string;
}

/**
 * The field a refusal of admin.saveSettings names: the reply's `field` (`value[2].names.es`; the
 * envelope's own `data.` prefix dropped). A settings refusal's message starts with that path and
 * ": ", which the field's own message does not need to repeat.
 */
export function refusedField(error: { messages: string[]; field?: string }): RefusedField {
  const message = error.messages.join(' ');
  const path = error.field ? error.field.replace(/^data\./, '') : null;
  if (!path || !path.startsWith('value')) return { path: null, text: message };
  const lead = `${path}: `;
  return { path, text: message.startsWith(lead) ? message.slice(lead.length) : message };
}
