import { makeAutoObservable } from 'mobx';
import type { Device } from '../models/settings';
import type { RootStore } from './RootStore';

/** Width breakpoints of the device modes. */
export const TABLET_MIN_WIDTH = 768;
export const DESKTOP_MIN_WIDTH = 1024;
/** Device detection re-runs this long after the last resize. */
export const RESIZE_DEBOUNCE_MS = 50;

export function deviceForWidth(width: number): Device {
  if (width < TABLET_MIN_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

export type Panel = 'search' | 'login' | 'createPanel' | 'chat' | 'player' | 'levelTips' | 'messages' | 'notifications' | 'nodes';

/** Screen state of the shell: device mode and which overlay is open. */
export class UiStore {
  device: Device;
  /** The one overlay that is open, if any. */
  openPanel: Panel | null = null;
  /** The current route path (set by the router), sent with every request. */
  path = '/';

  private resizeTimer: ReturnType<typeof setTimeout> | undefined;
  private onResize = () => {
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => this.detectDevice(), RESIZE_DEBOUNCE_MS);
  };

  constructor(readonly root: RootStore) {
    this.device = deviceForWidth(typeof window === 'undefined' ? DESKTOP_MIN_WIDTH : window.innerWidth);
    makeAutoObservable(this, { root: false });
  }

  get isMobile() {
    return this.device === 'mobile';
  }

  start() {
    window.addEventListener('resize', this.onResize);
  }

  stop() {
    clearTimeout(this.resizeTimer);
    window.removeEventListener('resize', this.onResize);
  }

  detectDevice(width = window.innerWidth) {
    this.device = deviceForWidth(width);
  }

  setPath(path: string) {
    this.path = path;
  }

  open(panel: Panel) {
    this.openPanel = panel;
  }

  close(panel?: Panel) {
    if (!panel || this.openPanel === panel) this.openPanel = null;
  }

  setOpen(panel: Panel, open: boolean) {
    if (open) this.open(panel);
    else this.close(panel);
  }

  isOpen(panel: Panel) {
    return this.openPanel === panel;
  }
}
