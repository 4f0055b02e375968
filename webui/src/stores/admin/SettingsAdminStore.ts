import { makeAutoObservable, runInAction, toJS } from 'mobx';
import { refusedField, SETTINGS_SECTIONS, STALE_CODE, type AdminSettings, type SettingsSection } from '../../api/adminSettings';
import type { ErrorReply } from '../../api/client';
import { explicitOperators } from '../../api/notifyPrefs';
import type { RootStore } from '../RootStore';

/** The settings without their version: what the screens edit. */
export type SettingsDraft = Omit<AdminSettings, 'version'>;

/** A refused save of a section: stale (someone saved first), or a message naming a field or not. */
export interface SectionError {
  /** The server's message, without the field path it starts with. */
  message: string;
  /** The value's JSON path the server named (`value[2].names.es`, `value`: the whole section), null when none. */
  path: string | null;
  stale: boolean;
}

/** A deep copy of plain data, so that the draft and what was saved never share an object. */
function copy<T>(value: T): T {
  return structuredClone(toJS(value));
}

/** The value admin.saveSettings takes for a section; rows' order becomes their position or rank (from 1). */
export function sectionValue(settings: SettingsDraft, section: SettingsSection): unknown {
  switch (section) {
    case 'languages':
      return settings.languages.map((language, i) => ({ ...language, position: i + 1 }));
    case 'currencies':
      return settings.currencies;
    case 'creditSymbol':
      return settings.creditSymbol;
    case 'levels':
      return settings.levels.map((level, i) => ({ ...level, rank: i + 1 }));
    case 'vipTiers':
      return settings.vipTiers.map((tier, i) => ({ ...tier, rank: i + 1 }));
    case 'loginBox':
      return settings.loginBox;
    case 'report':
      return settings.report;
    case 'files':
      return { fileMimes: settings.fileMimes, maxFileSize: settings.maxFileSize };
    case 'analytics':
      return settings.analytics;
    case 'addressPicker':
      return settings.addressPicker;
    case 'notify':
      return explicitOperators(settings.notify);
    default:
      return section satisfies never;
  }
}

/** Copies a section of `from` into `to`. */
function takeSection(to: SettingsDraft, from: SettingsDraft, section: SettingsSection) {
  switch (section) {
    case 'files':
      to.fileMimes = copy(from.fileMimes);
      to.maxFileSize = from.maxFileSize;
      return;
    case 'languages':
    case 'currencies':
    case 'creditSymbol':
    case 'levels':
    case 'vipTiers':
    case 'loginBox':
    case 'report':
    case 'analytics':
    case 'addressPicker':
    case 'notify':
      (to as unknown as Record<string, unknown>)[section] = copy(from[section]);
      return;
    default:
      section satisfies never;
  }
}

/** The refusal of a save as the section shows it. */
function sectionError(error: ErrorReply): SectionError {
  const { path, text } = refusedField(error);
  return { message: text, path, stale: error.codes?.includes(STALE_CODE) ?? false };
}

/**
 * The settings screen's state: the settings as last read (`saved`, at `version`) and the draft the
 * panels edit. Each section saves on its own with the version read; a save refused as stale keeps
 * the draft and offers to read the settings again.
 */
export class SettingsAdminStore {
  version = 0;
  saved: SettingsDraft | null = null;
  draft: SettingsDraft | null = null;
  isFetching = false;
  /** Why the settings could not be read; null when they were, or before. */
  loadError: string | null = null;
  /** The section on screen. */
  current: SettingsSection = SETTINGS_SECTIONS[0];
  /** The section being saved, null when none. */
  saving: SettingsSection | null = null;
  readonly errors = new Map<SettingsSection, SectionError>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  /** Reads the settings; every section's draft starts from them. */
  async load(): Promise<void> {
    const fresh = await this.read();
    if (!fresh) return;
    runInAction(() => {
      this.draft = copy(fresh);
      this.errors.clear();
    });
  }

  /**
   * Reads the settings again after `section`'s save was refused as stale: that section and every
   * section without unsaved edits take the new values; the other sections keep their edits.
   */
  async reload(section: SettingsSection): Promise<void> {
    const dirty = SETTINGS_SECTIONS.filter((s) => s !== section && this.isDirty(s));
    const kept = this.draft ? copy(this.draft) : null;
    const fresh = await this.read();
    if (!fresh) return;
    runInAction(() => {
      const draft = copy(fresh);
      if (kept) for (const s of dirty) takeSection(draft, kept, s);
      this.draft = draft;
      this.errors.delete(section);
    });
  }

  private async read(): Promise<SettingsDraft | null> {
    this.isFetching = true;
    const result = await this.root.client.call('admin.settings');
    return runInAction(() => {
      this.isFetching = false;
      if (!result.ok) {
        this.loadError = result.error.messages.join(' ');
        return null;
      }
      this.loadError = null;
      const { version, ...settings } = result.data;
      this.version = version;
      this.saved = settings;
      return settings;
    });
  }

  select(section: SettingsSection) {
    this.current = section;
  }

  /** Applies an edit to the draft (the panels' inputs call it). */
  edit(change: (draft: SettingsDraft) => void) {
    if (this.draft) change(this.draft);
  }

  isDirty(section: SettingsSection): boolean {
    if (!this.saved || !this.draft) return false;
    return JSON.stringify(sectionValue(this.saved, section)) !== JSON.stringify(sectionValue(this.draft, section));
  }

  /** Drops the section's unsaved edits. */
  discard(section: SettingsSection) {
    if (!this.saved || !this.draft) return;
    takeSection(this.draft, this.saved, section);
    this.errors.delete(section);
  }

  /** Saves one section with the version read; true when the server took it. */
  async save(section: SettingsSection): Promise<boolean> {
    if (!this.draft || this.saving) return false;
    const value = copy(sectionValue(this.draft, section));
    this.saving = section;
    this.errors.delete(section);
    const result = await this.root.client.call('admin.saveSettings', { section, version: this.version, value });
    return runInAction(() => {
      this.saving = null;
      if (!result.ok) {
        this.errors.set(section, sectionError(result.error));
        return false;
      }
      this.version = result.data.version;
      if (this.saved && this.draft) takeSection(this.saved, this.draft, section);
      this.root.toasts.success(this.root.t('admin.settings.saved'));
      return true;
    });
  }
}
