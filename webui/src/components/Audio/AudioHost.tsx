import { reaction } from 'mobx';
import { useEffect, useRef } from 'react';
import type { AudioStore } from '../../stores/AudioStore';
import { useStores } from '../../stores/StoresContext';

/** Tells the system's media controls (lock screen, media keys) what plays and what they do. */
function followMediaSession(audio: AudioStore): () => void {
  const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
  if (!session || typeof MediaMetadata !== 'function') return () => {};
  const handlers: [MediaSessionAction, () => void][] = [
    ['play', () => audio.play()],
    ['pause', () => audio.pause()],
    ['nexttrack', () => audio.next()],
    ['previoustrack', () => audio.prev()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // an action this browser does not know
    }
  }
  const dispose = reaction(
    () => audio.current && { title: audio.current.title, thumb: audio.current.thumb },
    (item) => {
      session.metadata = item ? new MediaMetadata({ title: item.title, artwork: item.thumb ? [{ src: item.thumb }] : [] }) : null;
    },
    { fireImmediately: true },
  );
  return () => {
    dispose();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // as above
      }
    }
  };
}

/**
 * The page's one `<audio>` element, mounted once outside the routes so that playback goes on
 * across page transitions. The audio store drives it and hears its events.
 */
export function AudioHost() {
  const { audio } = useStores();
  const ref = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const detach = audio.attach(element);
    const stopSession = followMediaSession(audio);
    const flush = () => audio.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      stopSession();
      detach();
    };
  }, [audio]);

  return (
    <audio
      ref={ref}
      hidden
      preload="metadata"
      data-testid="audio-host"
      onTimeUpdate={(event) => audio.onTimeUpdate(event.currentTarget.currentTime)}
      onDurationChange={(event) => audio.onDurationChange(event.currentTarget.duration)}
      onLoadedMetadata={(event) => audio.onLoadedMetadata(event.currentTarget.duration)}
      onPlay={() => audio.onPlay()}
      onPause={() => audio.onPause()}
      onEnded={() => audio.onEnded()}
      onError={() => audio.onError()}
    />
  );
}
