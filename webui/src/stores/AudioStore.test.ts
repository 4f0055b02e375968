import type { AudioItem } from '../models/builder';
import { createTestRoot } from '../test/stores';
import {
  AUDIO_PICKED_KEY,
  AUDIO_PLAYLIST_KEY,
  DEFAULT_VOLUME,
  NEXT_TRACK_DELAY_MS,
  PLAYLIST_MAX,
  SAVE_THROTTLE_MS,
  type MediaElement,
} from './AudioStore';

/** The `<audio>` element as the store sees it, recording what it was told. */
class FakeMedia implements MediaElement {
  currentTime = 0;
  volume = 1;
  ended = false;
  paused = true;
  refuse: DOMException | null = null;
  private source: string | null = null;
  readonly play = vi.fn(async () => {
    if (this.refuse) throw this.refuse;
    this.paused = false;
  });
  readonly pause = vi.fn(() => {
    this.paused = true;
  });
  readonly load = vi.fn();

  get src() {
    return this.source ?? '';
  }
  set src(value: string) {
    this.source = value;
  }
  getAttribute(name: string) {
    return name === 'src' ? this.source : null;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.source = null;
  }
}

const track = (n: number, extra: Partial<AudioItem> = {}): AudioItem => ({ src: `/demo/audio/${n}.wav`, time: 30 + n, thumb: '', title: `Track ${n}`, ...extra });

function stored(): { items: AudioItem[]; picked: string | null } {
  return { items: JSON.parse(localStorage.getItem(AUDIO_PLAYLIST_KEY) ?? 'null') as AudioItem[], picked: localStorage.getItem(AUDIO_PICKED_KEY) };
}

function setup() {
  const root = createTestRoot();
  const media = new FakeMedia();
  root.audio.attach(media);
  return { root, audio: root.audio, media };
}

describe('AudioStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('starts with an empty playlist, paused, at volume 0.5', () => {
    const { audio, media } = setup();
    expect(audio.items).toEqual([]);
    expect(audio.current).toBeNull();
    expect(audio.playing).toBe(false);
    expect(audio.volume).toBe(DEFAULT_VOLUME);
    expect(media.volume).toBe(0.5);
    expect(media.getAttribute('src')).toBeNull();
  });

  test.each([
    ['not JSON', '{oops', '0'],
    ['an object', '{"src":"/a.mp3"}', '3'],
    ['a number', '42', 'x'],
    ['null', 'null', '-4'],
  ])('a corrupt playlist (%s) reads as empty', (_, playlist, picked) => {
    localStorage.setItem(AUDIO_PLAYLIST_KEY, playlist);
    localStorage.setItem(AUDIO_PICKED_KEY, picked);
    const { audio } = setup();
    expect(audio.items).toEqual([]);
    expect(audio.picked).toBe(0);
    expect(() => audio.toggle()).not.toThrow();
  });

  test('items of the wrong shape are dropped and the picked one is followed', () => {
    localStorage.setItem(
      AUDIO_PLAYLIST_KEY,
      JSON.stringify([
        1,
        null,
        { src: 'javascript:alert(1)', title: 'bad' },
        { src: '//evil.example/x.mp3' },
        { title: 'no src' },
        { src: '/demo/audio/1.wav', title: 7 },
        track(1),
        { src: '/demo/audio/2.wav', time: -3 },
        track(2, { currentTime: 12 }),
        track(1),
        { src: 'https://cdn.example/3.mp3', thumb: 'javascript:x' },
      ]),
    );
    localStorage.setItem(AUDIO_PICKED_KEY, '8');
    const { audio } = setup();
    expect(audio.items.map((item) => item.src)).toEqual(['/demo/audio/1.wav', '/demo/audio/2.wav', 'https://cdn.example/3.mp3']);
    expect(audio.items[2]).toEqual({ src: 'https://cdn.example/3.mp3', time: 0, thumb: '', title: '', currentTime: 0 });
    expect(audio.current?.title).toBe('Track 2');
    expect(audio.currentTime).toBe(12);
  });

  test('a picked index out of the list is clamped', () => {
    localStorage.setItem(AUDIO_PLAYLIST_KEY, JSON.stringify([track(1), track(2)]));
    localStorage.setItem(AUDIO_PICKED_KEY, '9');
    expect(setup().audio.picked).toBe(1);
  });

  test('more than 20 stored items keep the last 20', () => {
    localStorage.setItem(AUDIO_PLAYLIST_KEY, JSON.stringify(Array.from({ length: 26 }, (_, n) => track(n))));
    localStorage.setItem(AUDIO_PICKED_KEY, '10');
    const { audio } = setup();
    expect(audio.items).toHaveLength(PLAYLIST_MAX);
    expect(audio.items[0].src).toBe('/demo/audio/6.wav');
    expect(audio.current?.src).toBe('/demo/audio/10.wav');
  });

  test('the playlist, the picked index and the position survive a reload', () => {
    vi.useFakeTimers();
    const { audio, media } = setup();
    audio.add([track(1), track(2)]);
    audio.play(1);
    expect(media.src).toBe('/demo/audio/2.wav');
    expect(media.play).toHaveBeenCalled();
    audio.onTimeUpdate(7.5);
    expect(stored().items[1].currentTime ?? 0).toBe(0);
    vi.advanceTimersByTime(SAVE_THROTTLE_MS);
    expect(stored()).toEqual({ items: [{ ...track(1), currentTime: 0 }, { ...track(2), currentTime: 7.5 }], picked: '1' });

    const reloaded = setup();
    expect(reloaded.audio.items.map((item) => item.title)).toEqual(['Track 1', 'Track 2']);
    expect(reloaded.audio.current?.title).toBe('Track 2');
    expect(reloaded.audio.currentTime).toBe(7.5);
    expect(reloaded.audio.playing).toBe(false);
    expect(reloaded.media.src).toBe('/demo/audio/2.wav');
    expect(reloaded.media.play).not.toHaveBeenCalled();
    reloaded.audio.onLoadedMetadata(32);
    expect(reloaded.media.currentTime).toBe(7.5);
  });

  test('the position is written at most once a second', () => {
    vi.useFakeTimers();
    const { audio } = setup();
    audio.add([track(1)]);
    audio.play();
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    for (let second = 1; second <= 8; second++) {
      audio.onTimeUpdate(second / 4);
      vi.advanceTimersByTime(250);
    }
    expect(writes.mock.calls.filter(([key]) => key === AUDIO_PLAYLIST_KEY)).toHaveLength(2);
    expect(stored().items[0].currentTime).toBe(2);
  });

  test('next wraps from the last to the first, previous from the first to the last', () => {
    const { audio, media } = setup();
    audio.add([track(1), track(2), track(3)], { play: true });
    expect(audio.current?.title).toBe('Track 1');
    audio.prev();
    expect(audio.current?.title).toBe('Track 3');
    expect(media.src).toBe('/demo/audio/3.wav');
    expect(audio.playing).toBe(true);
    audio.next();
    expect(audio.current?.title).toBe('Track 1');
    audio.next();
    audio.next();
    audio.next();
    expect(audio.current?.title).toBe('Track 1');
    expect(stored().picked).toBe('0');
  });

  test('next while paused picks the track without playing it', () => {
    const { audio, media } = setup();
    audio.add([track(1), track(2)]);
    audio.next();
    expect(audio.current?.title).toBe('Track 2');
    expect(audio.playing).toBe(false);
    expect(media.play).not.toHaveBeenCalled();
  });

  test('at the end of a track the time resets and the next one plays 50 ms later', () => {
    vi.useFakeTimers();
    const { audio, media } = setup();
    audio.add([track(1), track(2)], { play: true });
    audio.onTimeUpdate(31);
    media.ended = true;
    audio.onPause();
    expect(audio.playing).toBe(true);
    audio.onEnded();
    expect(audio.currentTime).toBe(0);
    expect(stored().items[0].currentTime).toBe(0);
    vi.advanceTimersByTime(NEXT_TRACK_DELAY_MS - 1);
    expect(audio.current?.title).toBe('Track 1');
    media.ended = false;
    vi.advanceTimersByTime(1);
    expect(audio.current?.title).toBe('Track 2');
    expect(media.src).toBe('/demo/audio/2.wav');
    expect(audio.playing).toBe(true);
    expect(media.play).toHaveBeenCalledTimes(2);

    audio.onEnded();
    vi.advanceTimersByTime(NEXT_TRACK_DELAY_MS);
    expect(audio.current?.title).toBe('Track 1');
  });

  test('removing the current track stops playback', () => {
    const { audio, media } = setup();
    audio.add([track(1), track(2), track(3)]);
    audio.play(1);
    media.pause.mockClear();
    audio.remove(1);
    expect(audio.playing).toBe(false);
    expect(media.pause).toHaveBeenCalled();
    expect(audio.items.map((item) => item.title)).toEqual(['Track 1', 'Track 3']);
    expect(audio.current?.title).toBe('Track 3');
    expect(media.src).toBe('/demo/audio/3.wav');
    expect(stored().items).toHaveLength(2);

    audio.remove(1);
    expect(audio.current?.title).toBe('Track 1');
    audio.remove(0);
    expect(audio.current).toBeNull();
    expect(media.getAttribute('src')).toBeNull();
    expect(stored()).toEqual({ items: [], picked: '0' });
  });

  test('removing a track before the current one keeps the current one playing', () => {
    const { audio } = setup();
    audio.add([track(1), track(2), track(3)]);
    audio.play(2);
    audio.remove(0);
    expect(audio.current?.title).toBe('Track 3');
    expect(audio.picked).toBe(1);
    expect(audio.playing).toBe(true);
  });

  test('add dedupes by src, keeps at most 20 (never the current one) and may play', () => {
    const { audio } = setup();
    audio.add([track(0)], { play: true });
    audio.add([track(1), track(1, { title: 'Renamed' })]);
    expect(audio.items.map((item) => item.title)).toEqual(['Track 0', 'Renamed']);
    audio.add(Array.from({ length: 25 }, (_, n) => track(n + 2)));
    expect(audio.items).toHaveLength(PLAYLIST_MAX);
    expect(audio.items[0].title).toBe('Track 0');
    expect(audio.current?.title).toBe('Track 0');
    expect(audio.items[1].title).toBe('Track 8');
    audio.add([track(40)], { play: true });
    expect(audio.items).toHaveLength(PLAYLIST_MAX);
    expect(audio.current?.title).toBe('Track 40');
    expect(audio.items[0].title).toBe('Track 0');
    audio.add([{ src: 'javascript:1', time: 1, thumb: '', title: 'x' }], { play: true });
    expect(audio.current?.title).toBe('Track 40');
  });

  test('a play the browser refuses leaves the player paused', async () => {
    const { audio, media } = setup();
    media.refuse = new DOMException('no gesture', 'NotAllowedError');
    audio.add([track(1)], { play: true });
    expect(audio.playing).toBe(true);
    await vi.waitFor(() => expect(audio.playing).toBe(false));
  });

  test('an interrupted play is not a refusal', async () => {
    const { audio, media } = setup();
    media.refuse = new DOMException('interrupted', 'AbortError');
    audio.add([track(1)], { play: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(audio.playing).toBe(true);
  });

  test('seek and volume are clamped and reach the element', () => {
    const { audio, media } = setup();
    audio.add([track(1)]);
    audio.onDurationChange(40);
    audio.seek(12);
    expect(media.currentTime).toBe(12);
    audio.seek(99);
    expect(audio.currentTime).toBe(40);
    audio.seek(-3);
    expect(audio.currentTime).toBe(0);
    audio.setVolume(0.8);
    expect(media.volume).toBe(0.8);
    audio.setVolume(3);
    expect(audio.volume).toBe(1);
    audio.setVolume(Number.NaN);
    expect(audio.volume).toBe(1);
  });

  test('a media error stops playback with a message', () => {
    const { root, audio } = setup();
    audio.add([track(1)], { play: true });
    audio.onError();
    expect(audio.playing).toBe(false);
    expect(root.toasts.toasts.at(-1)?.message).toBe('“Track 1” cannot be played');
  });
});
