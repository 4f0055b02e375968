import { ListPlus, Play } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AudioItem } from '../../models/builder';
import { toAudioItem } from '../../stores/AudioStore';
import { useStores } from '../../stores/StoresContext';
import { trackTitle } from './trackTitle';

const BUTTON =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium text-zinc-600 ring-1 ring-zinc-200 transition hover:bg-zinc-100 hover:text-brand-700 disabled:opacity-50 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-brand-400';

/** The track an `<audio>` of rich text plays: its source, and a title from the element or its figure. */
function audioItemOf(element: HTMLAudioElement): AudioItem | null {
  const src = element.getAttribute('src') ?? element.querySelector('source[src]')?.getAttribute('src') ?? '';
  const caption = element.closest('figure')?.querySelector('figcaption')?.textContent ?? '';
  const title = (element.getAttribute('title') ?? element.getAttribute('aria-label') ?? caption).trim();
  const time = Number.isFinite(element.duration) ? element.duration : 0;
  return toAudioItem({ src, title, thumb: '', time });
}

const ContentAudioControls = observer(function ContentAudioControls({ item, element }: { item: AudioItem; element: HTMLAudioElement }) {
  const { audio, toasts } = useStores();
  const { t } = useTranslation();
  const title = trackTitle(item, t);
  const added = audio.items.some((kept) => kept.src === item.src);
  const playInPlayer = () => {
    element.pause();
    audio.add([item], { play: true });
  };
  const add = () => {
    audio.add([item]);
    toasts.success(t('common.player.added', { title }));
  };
  return (
    <>
      <button type="button" className={BUTTON} onClick={playInPlayer} aria-label={t('common.player.playInPlayerNamed', { title })}>
        <Play className="size-3.5" aria-hidden />
        {t('common.player.playInPlayer')}
      </button>
      <button type="button" className={BUTTON} onClick={add} disabled={added} aria-label={t(added ? 'common.player.inPlaylist' : 'common.player.addTrack', { title })}>
        <ListPlus className="size-3.5" aria-hidden />
        {t(added ? 'common.player.inPlaylistShort' : 'common.player.add')}
      </button>
    </>
  );
});

/**
 * Puts "play in player" and "add to playlist" under every `<audio>` of the rich text in container
 * (rendered as html): returns the controls to render, as portals into places made after each element.
 */
export function useContentAudio(container: RefObject<HTMLElement | null>, html: string): ReactNode {
  const [found, setFound] = useState<{ host: HTMLElement; element: HTMLAudioElement; item: AudioItem }[]>([]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const made: { host: HTMLElement; element: HTMLAudioElement; item: AudioItem }[] = [];
    for (const element of root.querySelectorAll('audio')) {
      const item = audioItemOf(element);
      if (!item) continue;
      const host = document.createElement('span');
      host.dataset.audioControls = '';
      host.className = 'my-2 flex flex-wrap gap-2';
      element.after(host);
      made.push({ host, element, item });
    }
    setFound((previous) => (made.length === 0 && previous.length === 0 ? previous : made));
    return () => {
      for (const { host } of made) host.remove();
    };
  }, [container, html]);

  return found.map(({ host, element, item }, index) => createPortal(<ContentAudioControls item={item} element={element} />, host, `${index}-${item.src}`));
}
