import { clearWaveforms, computeBars, FLAT_BAR, flatBars, loadWaveform, MAX_DECODE_BYTES, WAVEFORM_BARS, type DecodedAudio } from './waveformData';

/** A decoded track whose channels hold the given samples. */
function decoded(...channels: number[][]): DecodedAudio {
  const data = channels.map((samples) => Float32Array.from(samples));
  return { numberOfChannels: data.length, length: data[0]?.length ?? 0, getChannelData: (channel) => data[channel] };
}

/** A stub of Web Audio's OfflineAudioContext whose decodeAudioData answers with decode(bytes). */
function stubDecoder(decode: (bytes: ArrayBuffer) => Promise<DecodedAudio>) {
  const calls: ArrayBuffer[] = [];
  vi.stubGlobal(
    'OfflineAudioContext',
    class {
      decodeAudioData(bytes: ArrayBuffer) {
        calls.push(bytes);
        return decode(bytes);
      }
    },
  );
  return calls;
}

describe('computeBars', () => {
  test('60 bars from a decoded buffer, the loudest slice at 1', () => {
    // 600 samples: slice n (10 samples) peaks at n / 59, the second channel louder in slice 30.
    const left = Array.from({ length: 600 }, (_, at) => (at % 10 === 3 ? Math.floor(at / 10) / 59 : 0) * (at % 2 ? -1 : 1));
    const right = Array.from({ length: 600 }, (_, at) => (Math.floor(at / 10) === 30 && at % 10 === 5 ? -2 : 0));
    const bars = computeBars(decoded(left, right));
    expect(bars).toHaveLength(WAVEFORM_BARS);
    expect(Math.max(...bars)).toBe(1);
    expect(bars[30]).toBe(1);
    expect(bars[59]).toBeCloseTo(0.5);
    expect(bars[29]).toBeCloseTo(29 / 59 / 2);
    expect(bars[0]).toBeGreaterThan(0);
    expect(bars.every((bar) => bar > 0 && bar <= 1)).toBe(true);
  });

  test('a track shorter than 60 samples still gives 60 bars', () => {
    expect(computeBars(decoded([0.5, -1, 0.25]))).toHaveLength(WAVEFORM_BARS);
  });

  test('silence or nothing gives flat bars', () => {
    expect(computeBars(decoded(new Array(1200).fill(0)))).toEqual(flatBars());
    expect(computeBars(decoded([]))).toEqual(flatBars());
    expect(computeBars({ numberOfChannels: 0, length: 0, getChannelData: () => new Float32Array() })).toEqual(flatBars());
  });
});

describe('loadWaveform', () => {
  beforeEach(() => clearWaveforms());

  test('fetches and decodes once per src', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3])));
    vi.stubGlobal('fetch', fetch);
    const decodes = stubDecoder(async () => decoded(Array.from({ length: 120 }, (_, at) => at / 120)));
    const [first, second] = await Promise.all([loadWaveform('/demo/audio/1.wav'), loadWaveform('/demo/audio/1.wav')]);
    expect(first).toHaveLength(WAVEFORM_BARS);
    expect(first).toBe(second);
    expect(first[59]).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(decodes).toHaveLength(1);
    await loadWaveform('/demo/audio/2.wav');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('falls back to flat bars when decoding, fetching or Web Audio fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not audio')));
    stubDecoder(async () => {
      throw new DOMException('Unable to decode audio data', 'EncodingError');
    });
    expect(await loadWaveform('/broken.mp3')).toEqual(flatBars());

    vi.stubGlobal('fetch', vi.fn(async () => new Response('gone', { status: 404 })));
    expect(await loadWaveform('/missing.mp3')).toEqual(flatBars());

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await loadWaveform('https://elsewhere.example/a.mp3')).toEqual(flatBars());

    vi.stubGlobal('OfflineAudioContext', undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([1]))));
    expect(await loadWaveform('/no-web-audio.mp3')).toEqual(flatBars());
    expect(flatBars().every((bar) => bar === FLAT_BAR)).toBe(true);
  });

  test('a file too large to decode is not downloaded', async () => {
    const body = { arrayBuffer: vi.fn() };
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, headers: new Headers({ 'content-length': String(MAX_DECODE_BYTES + 1) }), ...body })));
    const decodes = stubDecoder(async () => decoded([1]));
    expect(await loadWaveform('/huge.wav')).toEqual(flatBars());
    expect(body.arrayBuffer).not.toHaveBeenCalled();
    expect(decodes).toHaveLength(0);
  });
});
