import { makeAutoObservable, runInAction } from 'mobx';
import type { AudioItem } from '../models/builder';
import { readStorage, writeStorage } from '../platform/storage';
import type { RootStore } from './RootStore';

/** Local storage keys of the playlist and of the picked index (SPEC §3). */
export const AUDIO_PLAYLIST_KEY = 'audioPlayList';
export const AUDIO_PICKED_KEY = 'audioPicked';
/** The most tracks a playlist holds (SPEC §9). */
export const PLAYLIST_MAX = 20;
/** After a track ends, the next one starts this much later (SPEC §4). */
export const NEXT_TRACK_DELAY_MS = 50;
/** The playing position is written to local storage at most this often. */
export const SAVE_THROTTLE_MS = 1000;
/** Every page load starts at this volume (SPEC §4). */
export const DEFAULT_VOLUME = 0.5;

/** What the store drives: the one `<audio>` element of the page (AudioHost), or a fake in tests. */
export interface MediaElement {
  src: string;
  currentTime: number;
  volume: number;
  readonly ended: boolean;
  readonly paused: boolean;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
}

/** A source the player may load: https, http or a path of this site (never javascript: or data:). */
export function isPlayableSource(src: unknown): src is string {
  if (typeof src !== 'string' || src.length === 0 || src.length > 2048) return false;
  if (src.startsWith('/')) return !src.startsWith('//') && !src.startsWith('/\\');
  return /^https?:\/\/[^\s]+$/i.test(src);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * An audio item read from storage or a block, or null when it is not one: src must be playable,
 * title and thumb strings when present, time and currentTime non-negative numbers when present.
 * A thumb that is not a safe picture address becomes empty.
 */
export function toAudioItem(value: unknown): AudioItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { src, time, thumb, title, currentTime } = value as Record<string, unknown>;
  if (!isPlayableSource(src)) return null;
  if (title !== undefined && typeof title !== 'string') return null;
  if (thumb !== undefined && typeof thumb !== 'string') return null;
  if (time !== undefined && !isCount(time)) return null;
  if (currentTime !== undefined && currentTime !== null && !isCount(currentTime)) return null;
  return {
    src,
    time: time ?? 0,
    thumb: thumb && isPlayableSource(thumb) ? thumb : '',
    title: title ?? '',
    currentTime: typeof currentTime === 'number' ? currentTime : 0,
  };
}

/**
 * The playlist kept in local storage, made safe: a value that is not JSON or not a list reads as
 * empty, items of the wrong shape and repeated sources are dropped, at most the last PLAYLIST_MAX
 * are kept, and the picked index follows its item (else it is clamped into the list).
 */
export function readPlaylist(): { items: AudioItem[]; picked: number } {
  let stored: unknown = [];
  try {
    stored = JSON.parse(readStorage(AUDIO_PLAYLIST_KEY) ?? '[]');
  } catch {
    stored = [];
  }
  const raw = Array.isArray(stored) ? stored : [];
  const pickedRaw = Number.parseInt(readStorage(AUDIO_PICKED_KEY) ?? '0', 10);
  const pickedIndex = Number.isFinite(pickedRaw) ? pickedRaw : 0;
  const pickedSrc = toAudioItem(raw[pickedIndex])?.src;
  const items: AudioItem[] = [];
  for (const value of raw) {
    const item = toAudioItem(value);
    if (item && !items.some((kept) => kept.src === item.src)) items.push(item);
  }
  const kept = items.slice(-PLAYLIST_MAX);
  const found = kept.findIndex((item) => item.src === pickedSrc);
  const picked = found >= 0 ? found : Math.min(Math.max(pickedIndex, 0), Math.max(kept.length - 1, 0));
  return { items: kept, picked };
}

/**
 * The floating audio player (SPEC §4): a playlist of up to 20 tracks kept in local storage, the
 * picked one playing or paused, its position saved about every second so that a reload resumes
 * it. The store drives the page's one `<audio>` element (AudioHost attaches it) and hears its events.
 */
export class AudioStore {
  items: AudioItem[] = [];
  /** The index of the current track in items (0 when the list is empty). */
  picked = 0;
  playing = false;
  /** Seconds into the current track. */
  currentTime = 0;
  /** Seconds of the current track: the element's once it knows, else the item's time. */
  duration = 0;
  volume = DEFAULT_VOLUME;

  private media: MediaElement | null = null;
  /** Where to put the track once its metadata loaded (its saved position). */
  private resumeAt = 0;
  private nextTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts play() calls: a refusal of an older one is stale. */
  private playAttempt = 0;

  constructor(readonly root: RootStore) {
    const { items, picked } = readPlaylist();
    this.items = items;
    this.picked = picked;
    this.currentTime = items[picked]?.currentTime ?? 0;
    this.duration = items[picked]?.time ?? 0;
    makeAutoObservable<AudioStore, 'media' | 'resumeAt' | 'nextTimer' | 'saveTimer' | 'playAttempt'>(this, {
      root: false,
      media: false,
      resumeAt: false,
      nextTimer: false,
      saveTimer: false,
      playAttempt: false,
    });
  }

  /** The picked track, or null when the playlist is empty. */
  get current(): AudioItem | null {
    return this.items[this.picked] ?? null;
  }

  get hasSource(): boolean {
    return this.current !== null;
  }

  /** Gives the store the element to drive; returns the function that takes it back. */
  attach(media: MediaElement): () => void {
    this.media = media;
    media.volume = this.volume;
    this.load();
    return () => {
      if (this.media !== media) return;
      this.media = null;
    };
  }

  /**
   * Adds tracks at the end (a track already there by src keeps its place and takes the new
   * title, thumb and time). Over PLAYLIST_MAX, the oldest tracks other than the current one are
   * dropped. With play, the first of the tracks given starts.
   */
  add(items: AudioItem[], opts: { play?: boolean } = {}) {
    const valid = items.map(toAudioItem).filter((item): item is AudioItem => item !== null);
    if (valid.length === 0) return;
    const list = [...this.items];
    for (const item of valid) {
      const at = list.findIndex((kept) => kept.src === item.src);
      if (at >= 0) list[at] = { ...list[at], title: item.title || list[at].title, thumb: item.thumb || list[at].thumb, time: item.time || list[at].time };
      else list.push(item);
    }
    const currentSrc = this.current?.src;
    const targetSrc = opts.play ? valid[0].src : currentSrc;
    while (list.length > PLAYLIST_MAX) {
      const drop = list.findIndex((item) => item.src !== currentSrc && item.src !== targetSrc);
      list.splice(drop, 1);
    }
    this.items = list;
    this.picked = Math.max(0, list.findIndex((item) => item.src === currentSrc));
    if (currentSrc === undefined) {
      this.currentTime = this.current?.currentTime ?? 0;
      this.duration = this.current?.time ?? 0;
    }
    this.save();
    if (opts.play) this.play(list.findIndex((item) => item.src === targetSrc));
    else this.load();
  }

  /** Plays the track at index (the current one when omitted), from where it was left. */
  play(index = this.picked) {
    if (!this.items[index]) return;
    clearTimeout(this.nextTimer);
    if (index !== this.picked) this.pick(index);
    this.playing = true;
    this.load();
  }

  pause() {
    clearTimeout(this.nextTimer);
    this.playing = false;
    if (this.media && !this.media.paused) this.media.pause();
    this.save();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** The next track, the first after the last; it plays when the player was playing. */
  next() {
    if (this.items.length === 0) return;
    this.step((this.picked + 1) % this.items.length);
  }

  /** The previous track, the last before the first; it plays when the player was playing. */
  prev() {
    if (this.items.length === 0) return;
    this.step((this.picked - 1 + this.items.length) % this.items.length);
  }

  /** Removes the track at index; removing the current one stops playback. */
  remove(index: number) {
    if (!this.items[index]) return;
    const removingCurrent = index === this.picked;
    if (removingCurrent) {
      clearTimeout(this.nextTimer);
      this.playing = false;
      if (this.media && !this.media.paused) this.media.pause();
    }
    this.items = this.items.filter((_, at) => at !== index);
    if (removingCurrent) {
      this.picked = Math.min(index, Math.max(this.items.length - 1, 0));
      this.currentTime = this.current?.currentTime ?? 0;
      this.duration = this.current?.time ?? 0;
    } else if (index < this.picked) {
      this.picked -= 1;
    }
    this.save();
    this.load();
  }

  /** Moves the current track to seconds (clamped into the track). */
  seek(seconds: number) {
    if (!this.current || !Number.isFinite(seconds)) return;
    const time = Math.min(Math.max(seconds, 0), this.duration || Math.max(seconds, 0));
    this.currentTime = time;
    this.resumeAt = 0;
    if (this.media) this.media.currentTime = time;
    this.saveSoon();
  }

  setVolume(volume: number) {
    if (!Number.isFinite(volume)) return;
    this.volume = Math.min(Math.max(volume, 0), 1);
    if (this.media) this.media.volume = this.volume;
  }

  // The element's events (AudioHost forwards them).

  onTimeUpdate(seconds: number) {
    if (!Number.isFinite(seconds)) return;
    this.currentTime = seconds;
    this.saveSoon();
  }

  onDurationChange(seconds: number) {
    if (Number.isFinite(seconds) && seconds > 0) this.duration = seconds;
  }

  onLoadedMetadata(seconds: number) {
    this.onDurationChange(seconds);
    if (this.resumeAt > 0 && this.media && this.resumeAt < (this.duration || Infinity)) this.media.currentTime = this.resumeAt;
    this.resumeAt = 0;
  }

  /** The element started on its own (media keys, the system): the player follows. */
  onPlay() {
    if (this.current) this.playing = true;
  }

  /** The element paused on its own; the pause at a track's end is the end's business. */
  onPause() {
    if (this.media?.ended) return;
    if (this.playing) {
      this.playing = false;
      this.save();
    }
  }

  /** The track ended: its position resets, and the next one plays NEXT_TRACK_DELAY_MS later. */
  onEnded() {
    this.currentTime = 0;
    this.save();
    clearTimeout(this.nextTimer);
    this.nextTimer = setTimeout(() => this.playNext(), NEXT_TRACK_DELAY_MS);
  }

  onError() {
    if (!this.current) return;
    clearTimeout(this.nextTimer);
    this.playing = false;
    this.root.toasts.error(this.root.t('common.player.error', { title: this.current.title || this.current.src }));
  }

  /** Writes a position not saved yet, now (the page is going away). Nothing else: another tab may have written since. */
  flush() {
    if (this.saveTimer !== undefined) this.save();
  }

  private playNext() {
    if (this.items.length === 0) return;
    this.play((this.picked + 1) % this.items.length);
  }

  private step(index: number) {
    if (this.playing) {
      this.play(index);
      return;
    }
    this.pick(index);
    this.load();
  }

  /** Makes index the current track (the previous one keeps its position). */
  private pick(index: number) {
    this.keepPosition();
    this.picked = index;
    this.currentTime = this.current?.currentTime ?? 0;
    this.duration = this.current?.time ?? 0;
    this.save();
  }

  private keepPosition() {
    const item = this.current;
    if (item) item.currentTime = this.currentTime;
  }

  /** Puts the current track into the element (when it changed) and plays or pauses it. */
  private load() {
    const media = this.media;
    if (!media) return;
    const item = this.current;
    if (!item) {
      if (media.getAttribute('src') !== null) {
        if (!media.paused) media.pause();
        media.removeAttribute('src');
        media.load();
      }
      return;
    }
    if (media.getAttribute('src') !== item.src) {
      this.resumeAt = this.currentTime;
      media.src = item.src;
    }
    if (this.playing) this.start(media);
    else if (!media.paused) media.pause();
  }

  private start(media: MediaElement) {
    const attempt = ++this.playAttempt;
    media.play().catch((error: unknown) => {
      // A newer source or a pause interrupted this play(): not a failure.
      if (attempt !== this.playAttempt || (error instanceof DOMException && error.name === 'AbortError')) return;
      runInAction(() => {
        this.playing = false;
      });
    });
  }

  private saveSoon() {
    if (this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, SAVE_THROTTLE_MS);
  }

  private save() {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.keepPosition();
    writeStorage(AUDIO_PLAYLIST_KEY, JSON.stringify(this.items));
    writeStorage(AUDIO_PICKED_KEY, String(this.picked));
  }
}
