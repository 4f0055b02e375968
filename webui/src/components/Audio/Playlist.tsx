import { AudioLines, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PLAYLIST_MAX } from '../../stores/AudioStore';
import { useStores } from '../../stores/StoresContext';
import { formatClock } from './time';
import { TrackThumb } from './TrackThumb';
import { trackTitle } from './trackTitle';

/** The playlist: pick a track to play it, or remove it. */
export const Playlist = observer(function Playlist() {
  const { audio } = useStores();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="player-playlist-title">
      <h3 id="player-playlist-title" className="mb-2 flex items-baseline justify-between text-sm font-semibold">
        {t('common.player.playlist')}
        <span className="text-xs font-normal tabular-nums text-zinc-500 dark:text-zinc-400">
          {t('common.player.count', { count: audio.items.length, max: PLAYLIST_MAX })}
        </span>
      </h3>
      <ol data-testid="player-playlist" className="-mx-2 space-y-0.5">
        {audio.items.map((item, index) => {
          const current = index === audio.picked;
          const title = trackTitle(item, t);
          return (
            <li
              key={item.src}
              aria-current={current || undefined}
              className="group flex items-center gap-1 rounded-xl pr-1 aria-[current]:bg-brand-50 dark:aria-[current]:bg-brand-700/20"
            >
              <button
                type="button"
                aria-label={t(current && audio.playing ? 'common.player.pauseTrack' : 'common.player.playTrack', { title })}
                onClick={() => (current ? audio.toggle() : audio.play(index))}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-2 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <TrackThumb src={item.thumb} className="size-10 rounded-lg" />
                <span className="min-w-0 flex-1">
                  <span className={`block truncate text-sm ${current ? 'font-semibold text-brand-700 dark:text-brand-400' : ''}`}>{title}</span>
                  <span className="block text-xs tabular-nums text-zinc-500 dark:text-zinc-400">{formatClock(item.time)}</span>
                </span>
                {current && audio.playing && <AudioLines className="size-4 shrink-0 animate-pulse text-brand-600 dark:text-brand-400" aria-hidden />}
              </button>
              <button
                type="button"
                aria-label={t('common.player.remove', { title })}
                onClick={() => audio.remove(index)}
                className="grid size-8 shrink-0 place-items-center rounded-full text-zinc-400 hover:bg-zinc-100 hover:text-red-600 dark:hover:bg-zinc-800 dark:hover:text-red-400"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
});
