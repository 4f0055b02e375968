import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AudioItem } from '../../models/builder';
import { AUDIO_PLAYLIST_KEY } from '../../stores/AudioStore';
import { renderWithStores } from '../../test/render';
import { createTestRoot } from '../../test/stores';
import { RichHtml } from '../Content/RichHtml';
import { SidePanels } from '../Footer/SidePanels';
import { AudioTrackList } from './AudioTrackList';
import { MiniPlayer } from './MiniPlayer';
import { PlayerPanel } from './PlayerPanel';
import { clearWaveforms, WAVEFORM_BARS } from './waveformData';

const track = (n: number): AudioItem => ({ src: `/demo/audio/${n}.wav`, time: 60 + n, thumb: '', title: `Track ${n}` });

/** jsdom has no media playback: the element's play, pause and load only record their calls. */
function stubMedia() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  return { play, pause };
}

beforeEach(() => {
  clearWaveforms();
  // No Web Audio in jsdom: the waveform falls back to flat bars.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
});

function withTracks(count: number) {
  const root = createTestRoot('en');
  root.audio.add(Array.from({ length: count }, (_, n) => track(n + 1)));
  return root;
}

describe('PlayerPanel', () => {
  test('an empty playlist shows the empty state only', () => {
    renderWithStores(<PlayerPanel />);
    expect(screen.getByText('Your playlist is empty')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  test('shows the current track, its time and a 60-bar waveform slider', () => {
    const root = withTracks(3);
    renderWithStores(<PlayerPanel />, root);
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track 1');
    expect(screen.getByTestId('player-duration')).toHaveTextContent('1:01');
    const slider = screen.getByRole('slider', { name: 'Playback position' });
    expect(slider.querySelectorAll('[data-bar]')).toHaveLength(WAVEFORM_BARS);
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '61');
    expect(within(screen.getByTestId('player-playlist')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('3 / 20')).toBeInTheDocument();
  });

  test('the waveform shows the bars decoded from the track', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([1, 2, 3, 4]))));
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        async decodeAudioData() {
          const samples = Float32Array.from({ length: 600 }, (_, at) => Math.floor(at / 10) / 59);
          return { numberOfChannels: 1, length: samples.length, getChannelData: () => samples };
        }
      },
    );
    renderWithStores(<PlayerPanel />, withTracks(1));
    const slider = screen.getByRole('slider', { name: 'Playback position' });
    await waitFor(() => expect(slider.querySelector('[data-bar]:last-child')).toHaveStyle({ height: '100%' }));
    const heights = [...slider.querySelectorAll<HTMLElement>('[data-bar]')].map((bar) => bar.style.height);
    expect(heights).toHaveLength(WAVEFORM_BARS);
    expect(heights[0]).toBe('6%');
    expect(heights[30]).toBe('51%');
  });

  test('play, pause, next and previous (wrapping) drive the store and the element', async () => {
    const { play } = stubMedia();
    const root = withTracks(3);
    renderWithStores(<PlayerPanel />, root);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(root.audio.playing).toBe(true);
    expect(play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Previous track' }));
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next track' }));
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track 1');
    expect(screen.getByTestId('audio-host')).toHaveAttribute('src', '/demo/audio/1.wav');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(root.audio.playing).toBe(false);
  });

  test('the waveform seeks by click and by keyboard, and previews the time under the pointer', async () => {
    stubMedia();
    const root = withTracks(1);
    root.audio.onDurationChange(100);
    renderWithStores(<PlayerPanel />, root);
    const slider = screen.getByRole('slider', { name: 'Playback position' });
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 200, top: 0, height: 56, right: 200, bottom: 56, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(slider, { clientX: 50 });
    expect(root.audio.currentTime).toBe(25);
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    expect(slider).toHaveAttribute('aria-valuetext', '0:25 of 1:40');
    expect(screen.getByTestId('player-current-time')).toHaveTextContent('0:25');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(root.audio.currentTime).toBe(30);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(root.audio.currentTime).toBe(20);
    await userEvent.keyboard('{End}');
    expect(root.audio.currentTime).toBe(100);
    await userEvent.keyboard('{Home}');
    expect(root.audio.currentTime).toBe(0);
    fireEvent.mouseMove(slider, { clientX: 100 });
    await waitFor(() => expect(screen.getByTestId('waveform-hover')).toHaveTextContent('0:50'));
    fireEvent.mouseLeave(slider);
    expect(screen.queryByTestId('waveform-hover')).not.toBeInTheDocument();
  });

  test('the hover preview follows the pointer at most every 10 ms', () => {
    vi.useFakeTimers();
    try {
      const root = withTracks(1);
      root.audio.onDurationChange(100);
      renderWithStores(<PlayerPanel />, root);
      const slider = screen.getByRole('slider', { name: 'Playback position' });
      vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 100, top: 0, height: 56, right: 100, bottom: 56, x: 0, y: 0, toJSON: () => ({}) });
      fireEvent.mouseMove(slider, { clientX: 10 });
      expect(screen.getByTestId('waveform-hover')).toHaveTextContent('0:10');
      fireEvent.mouseMove(slider, { clientX: 20 });
      fireEvent.mouseMove(slider, { clientX: 30 });
      expect(screen.getByTestId('waveform-hover')).toHaveTextContent('0:10');
      act(() => vi.advanceTimersByTime(10));
      expect(screen.getByTestId('waveform-hover')).toHaveTextContent('0:30');
    } finally {
      vi.useRealTimers();
    }
  });

  test('picking a track plays it; removing the current one stops playback', async () => {
    stubMedia();
    const root = withTracks(3);
    renderWithStores(<PlayerPanel />, root);
    await userEvent.click(screen.getByRole('button', { name: 'Play Track 2' }));
    expect(root.audio.current?.title).toBe('Track 2');
    expect(root.audio.playing).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause Track 2' }).closest('li')).toHaveAttribute('aria-current', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Track 2 from the playlist' }));
    expect(root.audio.playing).toBe(false);
    expect(screen.getByTestId('player-title')).toHaveTextContent('Track 3');
    expect(JSON.parse(localStorage.getItem(AUDIO_PLAYLIST_KEY) ?? '[]')).toHaveLength(2);
  });

  test('the volume starts at 50 % and mutes', async () => {
    const root = withTracks(1);
    renderWithStores(<PlayerPanel />, root);
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveValue('50');
    fireEvent.change(volume, { target: { value: '80' } });
    expect(root.audio.volume).toBe(0.8);
    expect((screen.getByTestId('audio-host') as HTMLAudioElement).volume).toBe(0.8);
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(root.audio.volume).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(root.audio.volume).toBe(0.8);
  });
});

describe('MiniPlayer', () => {
  test('hidden without a source; shown with one, and a tap opens the player', async () => {
    stubMedia();
    const root = createTestRoot('en');
    renderWithStores(
      <>
        <MiniPlayer />
        <SidePanels />
      </>,
      root,
    );
    expect(screen.queryByTestId('mini-player')).not.toBeInTheDocument();
    act(() => root.audio.add([track(1), track(2)]));
    const mini = screen.getByTestId('mini-player');
    expect(mini).toHaveTextContent('Track 1');
    await userEvent.click(within(mini).getByRole('button', { name: 'Open the player: Track 1' }));
    expect(root.ui.isOpen('player')).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Player' });
    expect(await within(dialog).findByTestId('player-panel')).toBeInTheDocument();
    act(() => root.audio.remove(0));
    act(() => root.audio.remove(0));
    expect(screen.queryByTestId('mini-player')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Your playlist is empty')).toBeInTheDocument();
  });
});

describe('AudioTrackList', () => {
  const tracks = [track(1), track(2), { src: 'javascript:alert(1)', time: 1, thumb: '', title: 'Bad' }, track(3)];

  test('lists the valid tracks; play adds and plays one, add only adds', async () => {
    const { play } = stubMedia();
    const root = createTestRoot('en');
    renderWithStores(<AudioTrackList title="Demo tracks" items={tracks} />, root);
    expect(screen.getByRole('heading', { name: 'Demo tracks' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Add Track 2 to the playlist' }));
    expect(root.audio.items.map((item) => item.title)).toEqual(['Track 2']);
    expect(root.audio.playing).toBe(false);
    expect(screen.getByRole('button', { name: 'Track 2 is in the playlist' })).toBeDisabled();
    expect(root.toasts.toasts.at(-1)?.message).toBe('“Track 2” added to the playlist');
    await userEvent.click(screen.getByRole('button', { name: 'Play Track 3' }));
    expect(root.audio.current?.title).toBe('Track 3');
    expect(root.audio.playing).toBe(true);
    expect(play).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Pause Track 3' }));
    expect(root.audio.playing).toBe(false);
  });

  test('play all adds every track and plays the first', async () => {
    stubMedia();
    const root = createTestRoot('en');
    renderWithStores(<AudioTrackList title="" items={tracks} />, root);
    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(root.audio.items.map((item) => item.title)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    expect(root.audio.current?.title).toBe('Track 1');
    expect(root.audio.playing).toBe(true);
  });
});

describe('audio in rich text', () => {
  test('an <audio> of a body gets "play in player" and "add to playlist"', async () => {
    stubMedia();
    const root = createTestRoot('en');
    renderWithStores(
      <RichHtml html={'<p>Listen:</p><figure><audio controls src="/api/media/song.mp3"></audio><figcaption>Our song</figcaption></figure><audio src="javascript:x"></audio>'} />,
      root,
    );
    const add = await screen.findByRole('button', { name: 'Add Our song to the playlist' });
    expect(screen.getAllByRole('button', { name: /in the player/ })).toHaveLength(1);
    await userEvent.click(add);
    expect(root.audio.items).toEqual([{ src: '/api/media/song.mp3', title: 'Our song', thumb: '', time: 0, currentTime: 0 }]);
    expect(screen.getByRole('button', { name: 'Our song is in the playlist' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Play Our song in the player' }));
    expect(root.audio.playing).toBe(true);
  });
});
