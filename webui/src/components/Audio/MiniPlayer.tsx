import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { NextButton, PlayPauseButton } from './PlayerControls';
import { TrackThumb } from './TrackThumb';
import { trackTitle } from './trackTitle';

/** Height of the mini player, for the space kept under the page (3.5rem plus its margin). */
export const MINI_PLAYER_SPACE = 'h-16';

/**
 * The mobile player above the tab bar, shown only while there is a track: its title and progress,
 * play/pause and next; a tap on the title opens the player with the playlist.
 */
export const MiniPlayer = observer(function MiniPlayer() {
  const { audio, ui } = useStores();
  const { t } = useTranslation();
  const current = audio.current;
  if (!current) return null;
  const progress = audio.duration > 0 ? Math.min(audio.currentTime / audio.duration, 1) : 0;
  const title = trackTitle(current, t);
  return (
    <>
      <div aria-hidden className={MINI_PLAYER_SPACE} />
      <section
        aria-label={t('common.player.title')}
        data-testid="mini-player"
        className="fixed inset-x-2 bottom-[calc(3.5rem+env(safe-area-inset-bottom)+0.375rem)] z-30 overflow-hidden rounded-2xl bg-white/95 shadow-lg ring-1 ring-zinc-900/5 backdrop-blur-md dark:bg-zinc-900/95 dark:ring-white/10"
      >
        <div className="flex h-14 items-center gap-2 px-2">
          <button
            type="button"
            aria-label={t('common.player.open', { title })}
            aria-haspopup="dialog"
            aria-expanded={ui.isOpen('player')}
            onClick={() => ui.open('player')}
            className="flex min-w-0 flex-1 items-center gap-2.5 rounded-xl p-1 text-left"
          >
            <TrackThumb src={current.thumb} className="size-10 rounded-lg" />
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{title}</span>
          </button>
          <PlayPauseButton className="size-10" />
          <NextButton className="size-10" />
        </div>
        <div className="absolute inset-x-0 bottom-0 h-0.5 bg-zinc-200 dark:bg-zinc-800" aria-hidden>
          <div className="h-full bg-brand-600 dark:bg-brand-400" style={{ width: `${progress * 100}%` }} />
        </div>
      </section>
    </>
  );
});
