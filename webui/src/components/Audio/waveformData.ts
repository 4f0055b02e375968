import { useEffect, useState } from 'react';

/** Bars of a track's waveform (SPEC §9). */
export const WAVEFORM_BARS = 60;
/** The height of every bar when the audio could not be decoded. */
export const FLAT_BAR = 0.35;
/** The lowest bar drawn, so that silence still shows where the track is. */
const MIN_BAR = 0.06;
/** Larger files are not downloaded a second time just to draw them: their bars stay flat. */
export const MAX_DECODE_BYTES = 24 * 1024 * 1024;

/** What computeBars reads of a decoded track (an AudioBuffer). */
export interface DecodedAudio {
  readonly numberOfChannels: number;
  readonly length: number;
  getChannelData(channel: number): Float32Array;
}

/** The flat waveform of WAVEFORM_BARS bars, one shared array. */
const FLAT: readonly number[] = Object.freeze(Array.from({ length: WAVEFORM_BARS }, () => FLAT_BAR));

export function flatBars(count = WAVEFORM_BARS): number[] {
  return count === WAVEFORM_BARS ? (FLAT as number[]) : Array.from({ length: count }, () => FLAT_BAR);
}

/**
 * count bars between MIN_BAR and 1: the loudest sample (over all channels) of each equal slice
 * of the track, relative to the loudest slice. A silent or empty track gives flat bars.
 */
export function computeBars(audio: DecodedAudio, count = WAVEFORM_BARS): number[] {
  const channels = Array.from({ length: audio.numberOfChannels }, (_, channel) => audio.getChannelData(channel));
  if (channels.length === 0 || audio.length === 0) return flatBars(count);
  const peaks = Array.from({ length: count }, (_, bar) => {
    const from = Math.floor((bar * audio.length) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * audio.length) / count));
    let peak = 0;
    for (const data of channels) {
      for (let at = from; at < to && at < data.length; at++) {
        const level = Math.abs(data[at]);
        if (level > peak) peak = level;
      }
    }
    return peak;
  });
  const loudest = Math.max(...peaks);
  if (!(loudest > 0)) return flatBars(count);
  return peaks.map((peak) => Math.max(MIN_BAR, peak / loudest));
}

/** Decodes audio bytes in the browser; no sound is made and no user gesture is needed. */
async function decode(bytes: ArrayBuffer): Promise<DecodedAudio> {
  const Offline = window.OfflineAudioContext;
  if (typeof Offline !== 'function') throw new Error('no Web Audio');
  return new Offline(1, 1, 44100).decodeAudioData(bytes);
}

const cache = new Map<string, Promise<number[]>>();

/**
 * The bars of the track at src, computed once per src: fetched, decoded with Web Audio, measured.
 * Anything that fails (a network error, another site's file, a format the browser cannot decode,
 * a file over MAX_DECODE_BYTES) gives flat bars.
 */
export function loadWaveform(src: string): Promise<number[]> {
  let bars = cache.get(src);
  if (!bars) {
    bars = (async () => {
      try {
        const response = await fetch(src, { credentials: 'same-origin' });
        if (!response.ok) return flatBars();
        if (Number(response.headers.get('content-length') ?? 0) > MAX_DECODE_BYTES) return flatBars();
        const bytes = await response.arrayBuffer();
        if (bytes.byteLength > MAX_DECODE_BYTES) return flatBars();
        return computeBars(await decode(bytes));
      } catch {
        return flatBars();
      }
    })();
    cache.set(src, bars);
  }
  return bars;
}

/** Forgets the computed bars (tests). */
export function clearWaveforms() {
  cache.clear();
}

/** The bars of src: flat while they are computed, and for no src. */
export function useWaveform(src: string | undefined): number[] {
  const [state, setState] = useState<{ src: string; bars: number[] } | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    // Flat bars are what is shown already: nothing to update.
    void loadWaveform(src).then((bars) => live && bars !== flatBars() && setState({ src, bars }));
    return () => {
      live = false;
    };
  }, [src]);
  return state && state.src === src ? state.bars : flatBars();
}
