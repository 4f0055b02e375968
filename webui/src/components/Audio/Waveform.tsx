import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { formatClock } from './time';
import { useWaveform } from './waveformData';

/** The hover preview follows the pointer at most this often (SPEC §9). */
export const HOVER_THROTTLE_MS = 10;
/** Seconds an arrow key moves; Page Up and Page Down move SEEK_PAGE. */
export const SEEK_STEP = 5;
export const SEEK_PAGE = 30;

/** fn, called at most once every ms (the last call of a burst still lands); cancel drops a pending one. */
function useThrottled<T extends unknown[]>(fn: (...args: T) => void, ms: number) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<T | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const call = useCallback(
    (...args: T) => {
      const wait = last.current + ms - Date.now();
      if (wait <= 0) {
        last.current = Date.now();
        fn(...args);
        return;
      }
      pending.current = args;
      timer.current ??= setTimeout(() => {
        timer.current = undefined;
        last.current = Date.now();
        if (pending.current) fn(...pending.current);
        pending.current = null;
      }, wait);
    },
    [fn, ms],
  );
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = null;
  }, []);
  return { call, cancel };
}

function fractionAt(event: MouseEvent<HTMLElement>): number {
  const rect = event.currentTarget.getBoundingClientRect();
  if (rect.width <= 0) return 0;
  return Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1);
}

/**
 * The current track's waveform as a seek slider: click a bar or use the keys (arrows ±5 s,
 * Page Up/Down ±30 s, Home, End) to move; the pointer previews the time under it.
 */
export const Waveform = observer(function Waveform({ className = 'h-14' }: { className?: string }) {
  const { audio } = useStores();
  const { t } = useTranslation();
  const bars = useWaveform(audio.current?.src);
  const [hover, setHover] = useState<number | null>(null);
  const preview = useThrottled(setHover, HOVER_THROTTLE_MS);
  const duration = audio.duration;
  const played = duration > 0 ? Math.min(audio.currentTime / duration, 1) : 0;
  const disabled = !audio.current || duration <= 0;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!disabled) audio.seek(fractionAt(event) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const moves: Record<string, number> = {
      ArrowRight: audio.currentTime + SEEK_STEP,
      ArrowUp: audio.currentTime + SEEK_STEP,
      ArrowLeft: audio.currentTime - SEEK_STEP,
      ArrowDown: audio.currentTime - SEEK_STEP,
      PageUp: audio.currentTime + SEEK_PAGE,
      PageDown: audio.currentTime - SEEK_PAGE,
      Home: 0,
      End: duration,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    audio.seek(moves[event.key]);
  };

  const onMouseLeave = () => {
    preview.cancel();
    setHover(null);
  };

  return (
    <div
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={t('common.player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(audio.currentTime)}
      aria-valuetext={t('common.player.position', { current: formatClock(audio.currentTime), total: formatClock(duration) })}
      aria-disabled={disabled || undefined}
      data-testid="waveform"
      onClick={onClick}
      onKeyDown={onKeyDown}
      onMouseMove={(event) => !disabled && preview.call(fractionAt(event))}
      onMouseLeave={onMouseLeave}
      className={`group relative flex w-full cursor-pointer touch-none select-none items-center gap-[2px] rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-disabled:cursor-default ${className}`}
    >
      {bars.map((bar, index) => {
        const at = (index + 0.5) / bars.length;
        const tone =
          at <= played
            ? 'bg-brand-600 dark:bg-brand-400'
            : hover !== null && at <= hover
              ? 'bg-brand-400/50 dark:bg-brand-700'
              : 'bg-zinc-300 dark:bg-zinc-700';
        return <span key={index} data-bar className={`min-w-0 flex-1 rounded-full ${tone}`} style={{ height: `${Math.round(bar * 100)}%` }} />;
      })}
      {hover !== null && (
        <span
          data-testid="waveform-hover"
          className="pointer-events-none absolute -top-7 -translate-x-1/2 rounded-md bg-zinc-900 px-1.5 py-0.5 text-[0.7rem] tabular-nums text-white dark:bg-white dark:text-zinc-900"
          style={{ left: `${hover * 100}%` }}
        >
          {formatClock(hover * duration)}
        </span>
      )}
    </div>
  );
});
