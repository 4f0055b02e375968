import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselDoc, ImageProps } from '../../../models/builder';
import { BlockLink, useBlockText } from './context';

/** How long a carousel slide stays before the next when it plays by itself. */
export const AUTOPLAY_MS = 5000;

const ASPECT: Record<ImageProps['aspect'], string> = { '16/9': 'aspect-video', '4/3': 'aspect-[4/3]', '1/1': 'aspect-square', auto: '' };

function Slide({ image, aspect, eager }: { image: CarouselDoc; aspect: string; eager: boolean }) {
  const text = useBlockText();
  const caption = text(image.caption);
  const picture: ReactNode = (
    <img src={image.url} alt={caption} loading={eager ? 'eager' : 'lazy'} className={`w-full rounded-2xl bg-zinc-100 object-cover dark:bg-zinc-800 ${aspect}`} />
  );
  return (
    <figure>
      {image.link ? <BlockLink to={image.link}>{picture}</BlockLink> : picture}
      {caption && <figcaption className="mt-2 text-center text-sm text-zinc-500 dark:text-zinc-400">{caption}</figcaption>}
    </figure>
  );
}

const CONTROL =
  'grid size-9 place-items-center rounded-full bg-white/90 text-zinc-700 shadow ring-1 ring-zinc-900/10 transition hover:bg-white dark:bg-zinc-900/90 dark:text-zinc-200 dark:ring-white/10';

/**
 * A picture, or a carousel of several: previous and next buttons, a button per slide, and (with
 * autoplay) a slide every {@link AUTOPLAY_MS}, paused while pointed at or focused and by its own
 * pause button.
 */
export function ImageBlock({ props }: { props: ImageProps }) {
  const { t } = useTranslation();
  const images = Array.isArray(props.images) ? props.images.filter((image) => typeof image?.url === 'string' && image.url) : [];
  const aspect = ASPECT[props.aspect] ?? '';
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(props.autoplay === true);
  const [held, setHeld] = useState(false);
  const id = useId();
  const count = images.length;

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, held, count]);

  if (count === 0) return null;
  if (count === 1) {
    return (
      <section data-testid="block-image">
        <Slide image={images[0]} aspect={aspect} eager />
      </section>
    );
  }
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section
      data-testid="block-image"
      aria-roledescription={t('page.blocks.carousel')}
      aria-label={t('page.blocks.carousel')}
      className="relative"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div id={id} aria-live={playing && !held ? 'off' : 'polite'}>
        {images.map((image, i) => (
          <div
            key={`${i}-${image.url}`}
            role="group"
            aria-roledescription={t('page.blocks.slide')}
            aria-label={t('page.blocks.slideOf', { index: i + 1, count })}
            hidden={i !== current}
          >
            <Slide image={image} aspect={aspect} eager={i === 0} />
          </div>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-center gap-2">
        {props.autoplay && (
          <button type="button" className={CONTROL} aria-label={playing ? t('page.blocks.pause') : t('page.blocks.play')} onClick={() => setPlaying((p) => !p)}>
            {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          </button>
        )}
        <button type="button" className={CONTROL} aria-controls={id} aria-label={t('page.blocks.previous')} onClick={() => go(current - 1)}>
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        {images.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-controls={id}
            aria-label={t('page.blocks.slideOf', { index: i + 1, count })}
            aria-current={i === current}
            onClick={() => go(i)}
            className={`size-2.5 rounded-full transition ${i === current ? 'bg-brand-600' : 'bg-zinc-300 hover:bg-zinc-400 dark:bg-zinc-600'}`}
          />
        ))}
        <button type="button" className={CONTROL} aria-controls={id} aria-label={t('page.blocks.next')} onClick={() => go(current + 1)}>
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
    </section>
  );
}
