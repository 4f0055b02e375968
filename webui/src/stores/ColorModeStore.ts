import { makeAutoObservable, reaction } from 'mobx';
import { readStorage, writeStorage } from '../platform/storage';
import type { RootStore } from './RootStore';

export const COLOR_MODE_KEY = 'nuxt-color-mode';
export type ColorPreference = 'light' | 'dark' | 'system';
export type ColorValue = 'light' | 'dark';

/** The toggle's order: dark → light → system → dark. */
const CYCLE: ColorPreference[] = ['dark', 'light', 'system'];

function isPreference(value: unknown): value is ColorPreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

/**
 * The colour mode: a stored preference, the OS scheme followed live, and a mode a
 * page may force. The resolved value is applied as a class on <html> (the same
 * thing the inline script in index.html does before the first paint).
 */
export class ColorModeStore {
  preference: ColorPreference = 'system';
  systemDark = false;
  /** Set by a page that needs one mode; it wins over the preference while set. */
  forced: ColorValue | null = null;

  private disposers: (() => void)[] = [];

  constructor(readonly root: RootStore) {
    const stored = readStorage(COLOR_MODE_KEY);
    this.preference = isPreference(stored) ? stored : 'system';
    makeAutoObservable(this, { root: false });
  }

  get value(): ColorValue {
    if (this.forced) return this.forced;
    if (this.preference === 'system') return this.systemDark ? 'dark' : 'light';
    return this.preference;
  }

  /** Starts following the OS scheme and applying the value to the document. */
  start(doc: Document = document) {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    if (query) {
      this.setSystemDark(query.matches);
      const onChange = (event: MediaQueryListEvent) => this.setSystemDark(event.matches);
      query.addEventListener('change', onChange);
      this.disposers.push(() => query.removeEventListener('change', onChange));
    }
    this.disposers.push(
      reaction(
        () => this.value,
        (value) => applyColorMode(doc, value),
        { fireImmediately: true },
      ),
    );
  }

  stop() {
    for (const dispose of this.disposers.splice(0)) dispose();
  }

  setSystemDark(dark: boolean) {
    this.systemDark = dark;
  }

  setPreference(preference: ColorPreference) {
    this.preference = preference;
    writeStorage(COLOR_MODE_KEY, preference);
  }

  /** Next in the cycle dark → light → system, with a toast naming the new mode. */
  cycle() {
    const next = CYCLE[(CYCLE.indexOf(this.preference) + 1) % CYCLE.length];
    this.setPreference(next);
    const t = this.root.t;
    this.root.toasts.info(t('common.colorMode.switched', { mode: t(`common.colorMode.${next}`) }));
  }

  force(value: ColorValue | null) {
    this.forced = value;
  }
}

export function applyColorMode(doc: Document, value: ColorValue) {
  const html = doc.documentElement;
  html.classList.remove(value === 'dark' ? 'light' : 'dark');
  html.classList.add(value);
  html.style.colorScheme = value;
}
