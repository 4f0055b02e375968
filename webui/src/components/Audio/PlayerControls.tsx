import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import SkipBack from 'lucide-react/icons/skip-back';
import SkipForward from 'lucide-react/icons/skip-forward';
import Volume1 from 'lucide-react/icons/volume-1';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';

const ROUND =
  'grid place-items-center rounded-full text-zinc-700 transition hover:bg-zinc-100 hover:text-brand-600 disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-200 dark:hover:bg-zinc-800 dark:hover:text-brand-400';

/** Play or pause the current track. */
export const PlayPauseButton = observer(function PlayPauseButton({ className = 'size-12' }: { className?: string }) {
  const { audio } = useStores();
  const { t } = useTranslation();
  const Icon = audio.playing ? Pause : Play;
  return (
    <button
      type="button"
      data-testid="player-toggle"
      aria-label={audio.playing ? t('common.player.pause') : t('common.player.play')}
      aria-pressed={audio.playing}
      disabled={!audio.hasSource}
      onClick={() => audio.toggle()}
      className={`grid shrink-0 place-items-center rounded-full bg-brand-600 text-white shadow-md shadow-brand-600/30 transition hover:bg-brand-700 disabled:opacity-40 dark:bg-brand-500 dark:hover:bg-brand-600 ${className}`}
    >
      <Icon className="size-1/2" fill="currentColor" aria-hidden />
    </button>
  );
});

export const PrevButton = observer(function PrevButton({ className = 'size-10' }: { className?: string }) {
  const { audio } = useStores();
  const { t } = useTranslation();
  return (
    <button type="button" aria-label={t('common.player.previous')} disabled={!audio.hasSource} onClick={() => audio.prev()} className={`${ROUND} ${className}`}>
      <SkipBack className="size-1/2" aria-hidden />
    </button>
  );
});

export const NextButton = observer(function NextButton({ className = 'size-10' }: { className?: string }) {
  const { audio } = useStores();
  const { t } = useTranslation();
  return (
    <button type="button" aria-label={t('common.player.next')} disabled={!audio.hasSource} onClick={() => audio.next()} className={`${ROUND} ${className}`}>
      <SkipForward className="size-1/2" aria-hidden />
    </button>
  );
});

/** Mute toggle (back to the volume before muting) and a volume slider. */
export const VolumeControl = observer(function VolumeControl() {
  const { audio } = useStores();
  const { t } = useTranslation();
  const before = useRef(audio.volume || 0.5);
  const muted = audio.volume === 0;
  const Icon = muted ? VolumeX : audio.volume < 0.5 ? Volume1 : Volume2;
  const toggleMute = () => {
    if (muted) audio.setVolume(before.current || 0.5);
    else {
      before.current = audio.volume;
      audio.setVolume(0);
    }
  };
  return (
    <div className="flex items-center gap-2">
      <button type="button" aria-label={muted ? t('common.player.unmute') : t('common.player.mute')} onClick={toggleMute} className={`${ROUND} size-9`}>
        <Icon className="size-5" aria-hidden />
      </button>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={Math.round(audio.volume * 100)}
        aria-label={t('common.player.volume')}
        aria-valuetext={`${Math.round(audio.volume * 100)}%`}
        onChange={(event) => audio.setVolume(Number(event.currentTarget.value) / 100)}
        className="h-1.5 w-28 cursor-pointer accent-brand-600 dark:accent-brand-400"
      />
    </div>
  );
});
