import { Music } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { NextButton, PlayPauseButton, PrevButton, VolumeControl } from './PlayerControls';
import { Playlist } from './Playlist';
import { formatClock } from './time';
import { TrackThumb } from './TrackThumb';
import { trackTitle } from './trackTitle';
import { Waveform } from './Waveform';

/** The player: the current track with its waveform, the controls and volume, then the playlist. */
export const PlayerPanel = observer(function PlayerPanel() {
  const { audio } = useStores();
  const { t } = useTranslation();
  const current = audio.current;
  if (!current) {
    return (
      <div className="p-5">
        <EmptyState icon={Music} title={t('common.player.empty')} />
      </div>
    );
  }
  return (
    <div data-testid="player-panel" className="flex flex-col gap-5 p-5">
      <section aria-label={t('common.player.nowPlaying')} className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <TrackThumb src={current.thumb} className="size-16 rounded-2xl shadow-sm" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium uppercase tracking-wider text-zinc-500 dark:text-zinc-400">{t('common.player.nowPlaying')}</p>
            <p data-testid="player-title" className="truncate text-base font-semibold">
              {trackTitle(current, t)}
            </p>
            <p className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
              <span data-testid="player-current-time">{formatClock(audio.currentTime)}</span>
              {' / '}
              <span data-testid="player-duration">{formatClock(audio.duration)}</span>
            </p>
          </div>
        </div>
        <Waveform />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <PrevButton />
            <PlayPauseButton />
            <NextButton />
          </div>
          <VolumeControl />
        </div>
      </section>
      <Playlist />
    </div>
  );
});
