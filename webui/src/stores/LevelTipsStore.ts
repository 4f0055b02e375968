import { makeAutoObservable, runInAction } from 'mobx';
import type { BadgeData } from '../models/Viewer';
import type { RootStore } from './RootStore';

/** The rights a level gives (SPEC §3 Level and VIP roles). */
export interface LevelRoles {
  userCan?: string[];
  media?: Record<string, { can?: boolean; max?: number; size?: number }>;
  canBuilder?: boolean;
}

export interface LevelTip extends BadgeData {
  rank?: number;
  roles?: LevelRoles;
}

/** The reply of utils.levelTips. */
export interface LevelTips {
  levels: LevelTip[];
  vip: LevelTip[];
  current?: BadgeData | null;
  currentVip?: BadgeData | null;
  next?: { level: BadgeData; unlocks: LevelRoles } | null;
}

/** The level tips dialog's data (utils.levelTips), per language and viewer. */
export class LevelTipsStore {
  tips: LevelTips | null = null;
  isFetching = false;
  /** The language and viewer the tips were fetched for. */
  private loadedFor = '';

  constructor(readonly root: RootStore) {
    makeAutoObservable<LevelTipsStore, 'loadedFor'>(this, { root: false, loadedFor: false });
  }

  get isOpen() {
    return this.root.ui.isOpen('levelTips');
  }

  open() {
    this.root.ui.open('levelTips');
    void this.fetch();
    if (this.root.auth.isLoggedIn) this.root.withStore('growth', (growth) => void growth.fetch());
  }

  close() {
    this.root.ui.close('levelTips');
  }

  /** The viewer's level or VIP changed: the tips are read again, now if the dialog is open. */
  invalidate() {
    this.loadedFor = '';
    if (this.isOpen) void this.fetch();
  }

  async fetch() {
    const key = `${this.root.locale.lang}:${this.root.auth.viewer?.id ?? ''}`;
    if (this.isFetching || (this.tips && this.loadedFor === key)) return;
    this.isFetching = true;
    const reply = await this.root.client.request('utils.levelTips');
    runInAction(() => {
      this.isFetching = false;
      if (reply?.levelTips) {
        this.tips = reply.levelTips;
        this.loadedFor = key;
      }
    });
  }
}
