import Check from 'lucide-react/icons/check';
import ListPlus from 'lucide-react/icons/list-plus';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AudioItem } from '../../models/builder';
import { toAudioItem } from '../../stores/AudioStore';
import { useStores } from '../../stores/StoresContext';
import { formatClock } from './time';
import { TrackThumb } from './TrackThumb';
import { trackTitle } from './trackTitle';

const ICON_BUTTON =
  'grid size-9 shrink-0 place-items-center rounded-full text-zinc-600 transition hover:bg-zinc-100 hover:text-brand-600 disabled:cursor-default disabled:opacity-50 disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-brand-400';

/**
 * The body of an audio block: its tracks, each to play (it joins the playlist and starts) or to
 * add to the playlist, and "play all" (every track joins, the first starts).
 */
export const AudioTrackList = observer(function AudioTrackList({ title, items }: { title: string; items: AudioItem[] }) {
  const { audio, toasts } = useStores();
  const { t } = useTranslation();
  const tracks = items.map(toAudioItem).filter((item): item is AudioItem => item !== null);
  const inPlaylist = new Set(audio.items.map((item) => item.src));

  const add = (track: AudioItem) => {
    audio.add([track]);
    toasts.success(t('common.player.added', { title: trackTitle(track, t) }));
  };

  return (
    <div data-testid="audio-track-list">
      <div className="mb-4 flex items-center justify-between gap-3">
        {title ? <h2 className="text-lg font-semibold tracking-tight">{title}</h2> : <span />}
        {tracks.length > 0 && (
          <button
            type="button"
            onClick={() => audio.add(tracks, { play: true })}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand-600 px-3.5 py-1.5 text-sm font-medium text-white shadow-sm transition hover:bg-brand-700 dark:bg-brand-500 dark:hover:bg-brand-600"
          >
            <Play className="size-4" fill="currentColor" aria-hidden />
            {t('common.player.playAll')}
          </button>
        )}
      </div>
      <ol className="divide-y divide-zinc-100 overflow-hidden rounded-2xl bg-white ring-1 ring-zinc-900/5 dark:divide-zinc-800 dark:bg-zinc-900 dark:ring-white/10">
        {tracks.map((track, index) => {
          const name = trackTitle(track, t);
          const playingThis = audio.playing && audio.current?.src === track.src;
          const added = inPlaylist.has(track.src);
          return (
            <li key={`${track.src}-${index}`} className="flex items-center gap-3 px-3 py-2.5" aria-current={playingThis || undefined}>
              <TrackThumb src={track.thumb} className="size-11 rounded-xl" />
              <div className="min-w-0 flex-1">
                <p className={`truncate text-sm font-medium ${playingThis ? 'text-brand-700 dark:text-brand-400' : ''}`}>{name}</p>
                <p className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400">{formatClock(track.time)}</p>
              </div>
              <button
                type="button"
                aria-label={t(playingThis ? 'common.player.pauseTrack' : 'common.player.playTrack', { title: name })}
                onClick={() => (playingThis ? audio.pause() : audio.add([track], { play: true }))}
                className={ICON_BUTTON}
              >
                {playingThis ? <Pause className="size-4" fill="currentColor" aria-hidden /> : <Play className="size-4" fill="currentColor" aria-hidden />}
              </button>
              <button
                type="button"
                aria-label={t(added ? 'common.player.inPlaylist' : 'common.player.addTrack', { title: name })}
                disabled={added}
                onClick={() => add(track)}
                className={ICON_BUTTON}
              >
                {added ? <Check className="size-4" aria-hidden /> : <ListPlus className="size-4" aria-hidden />}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
});
