import { makeAutoObservable, runInAction } from 'mobx';
import type { DndPrefs, KindPrefs, NotifyChannel, NotifyPrefsReply, SaveNotifyPrefsInput } from '../api/notifyPrefs';
import type { ErrorReply } from '../api/client';
import type { RootStore } from './RootStore';

/** What the settings form edits: each kind's channels, do not disturb, the digest. */
export interface NotifyPrefsDraft {
  kinds: KindPrefs[];
  dnd: DndPrefs;
  digest: boolean;
}

/** A refused save: the field it names (`dnd.start`, `kinds`; null: none) and the message. */
export interface PrefsError {
  field: string | null;
  message: string;
}

/** The fields the form shows a refusal at; any other refusal shows beside Save. */
const PLACED_FIELDS = ['kinds', 'dnd.start', 'dnd.end', 'dnd.timeZone'];

/** The time zone this browser is in, "" when it says none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The time zones the browser knows, for the picker; `current` is kept in the list. */
export function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  let zones: string[] = [];
  try {
    zones = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all];
}

function draftOf(reply: NotifyPrefsReply): NotifyPrefsDraft {
  return {
    kinds: reply.kinds.map((kind) => ({ ...kind })),
    // A member who never chose a time zone starts from the browser's.
    dnd: { ...reply.dnd, timeZone: reply.dnd.timeZone || browserTimeZone() },
    digest: reply.digest,
  };
}

/** The draft as notify.savePrefs takes it. */
export function saveInputOf(draft: NotifyPrefsDraft): SaveNotifyPrefsInput {
  return {
    kinds: draft.kinds.map(({ kind, site, push, email }) => ({ kind, site, push, email })),
    dnd: { ...draft.dnd },
    digest: draft.digest,
  };
}

/** The field a refusal names, without the envelope's `data.` prefix. */
function prefsErrorOf(error: ErrorReply): PrefsError {
  return { field: error.field ? error.field.replace(/^data\./, '') : null, message: error.messages.join(' ') };
}

/**
 * The member's notification settings (notify.prefs): the preferences as last saved and the draft
 * the form edits, saved whole with notify.savePrefs; a refusal naming a field is shown there.
 */
export class NotifyPrefsStore {
  saved: NotifyPrefsReply | null = null;
  draft: NotifyPrefsDraft | null = null;
  isFetching = false;
  /** Why the preferences could not be read; null when they were, or before. */
  loadError: string | null = null;
  saving = false;
  error: PrefsError | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
  }

  async load(): Promise<void> {
    this.isFetching = true;
    const result = await this.root.client.call('notify.prefs');
    runInAction(() => {
      this.isFetching = false;
      if (!result.ok) {
        this.loadError = result.error.messages.join(' ');
        return;
      }
      this.loadError = null;
      this.take(result.data);
    });
  }

  private take(reply: NotifyPrefsReply) {
    this.saved = reply;
    this.draft = draftOf(reply);
    this.error = null;
  }

  /** The draft differs from what was saved (a time zone filled in from the browser counts only once changed). */
  get isDirty(): boolean {
    if (!this.saved || !this.draft) return false;
    return JSON.stringify(saveInputOf(this.draft)) !== JSON.stringify(saveInputOf(draftOf(this.saved)));
  }

  /** Whether a kind's channel can be changed: site is locked for some kinds, push and email may be off by the operators. */
  editable(kind: KindPrefs, channel: NotifyChannel): boolean {
    switch (channel) {
      case 'site':
        return !kind.siteLocked;
      case 'push':
        return kind.pushAllowed && (this.saved?.pushAvailable ?? false);
      case 'email':
        return kind.emailAllowed && (this.saved?.hasEmail ?? false);
      default:
        return channel satisfies never;
    }
  }

  setChannel(kind: string, channel: NotifyChannel, on: boolean) {
    const row = this.draft?.kinds.find((k) => k.kind === kind);
    if (row) row[channel] = on;
  }

  setDnd<K extends keyof DndPrefs>(field: K, value: DndPrefs[K]) {
    if (this.draft) this.draft.dnd[field] = value;
  }

  setDigest(on: boolean) {
    if (this.draft) this.draft.digest = on;
  }

  /** The message of the refusal naming `field` (or a path inside it), if any. */
  errorFor(field: string): string | undefined {
    const named = this.error?.field;
    if (!named) return undefined;
    return named === field || named.startsWith(`${field}.`) || named.startsWith(`${field}[`) ? this.error!.message : undefined;
  }

  /** The refusal's message when no field of the form shows it. */
  get generalError(): string | undefined {
    const field = this.error?.field;
    if (!this.error || (field && PLACED_FIELDS.some((placed) => this.errorFor(placed) !== undefined))) return undefined;
    return this.error.message;
  }

  discard() {
    if (this.saved) this.take(this.saved);
  }

  /** Saves the draft; true when the server took it. */
  async save(): Promise<boolean> {
    if (!this.draft || this.saving) return false;
    this.saving = true;
    this.error = null;
    const result = await this.root.client.call('notify.savePrefs', saveInputOf(this.draft));
    return runInAction(() => {
      this.saving = false;
      if (!result.ok) {
        this.error = prefsErrorOf(result.error);
        return false;
      }
      this.take(result.data);
      this.root.toasts.success(this.root.t('page.account.notification.settings.saved'));
      return true;
    });
  }
}
