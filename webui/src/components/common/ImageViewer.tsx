import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Minus, Plus, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One picture the viewer shows. */
export interface ViewerImage {
  src: string;
  /** Read by screen readers; empty for a decorative picture. */
  alt?: string;
  /** Natural size in pixels when known (reserves the space before the picture loads). */
  width?: number;
  height?: number;
}

export interface ImageViewerProps {
  /** The pictures, in the order swipes and arrows move through them; at least one. */
  images: ViewerImage[];
  /** The picture shown first (clamped to the list). */
  index?: number;
  /** Escape, the close button or a click on the backdrop. */
  onClose: () => void;
}

/** Zoom bounds and steps: buttons and the wheel multiply by STEP, a double click toggles 1 ↔ DOUBLE_CLICK. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;
const ZOOM_STEP = 1.5;
const DOUBLE_CLICK_ZOOM = 2.5;
/** A horizontal touch move at least this long (px), and longer than it is tall, turns the page. */
export const SWIPE_MIN_PX = 50;

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));

/**
 * A full-screen picture viewer (SPEC §2 "image viewer"). Mount it while it should show:
 *
 * ```tsx
 * const [viewing, setViewing] = useState<number | null>(null);
 * {viewing !== null && <ImageViewer images={pictures} index={viewing} onClose={() => setViewing(null)} />}
 * ```
 *
 * Zoom with the wheel, the +/− buttons or a double click; a zoomed picture is dragged to pan.
 * With several pictures, the arrows (buttons and keys) and a sideways swipe on a touch screen move
 * between them (a swipe pans instead while zoomed). Escape closes.
 */
export function ImageViewer({ images, index = 0, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const count = images.length;
  const [current, setCurrent] = useState(() => Math.min(Math.max(0, index), Math.max(0, count - 1)));
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number; touch: boolean } | null>(null);

  const go = useCallback(
    (step: number) => {
      if (count < 2) return;
      setCurrent((i) => (i + step + count) % count);
      setZoom(1);
      setOffset({ x: 0, y: 0 });
    },
    [count],
  );

  const zoomTo = (next: number) => {
    const zoomed = clampZoom(next);
    setZoom(zoomed);
    if (zoomed === 1) setOffset({ x: 0, y: 0 });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const image = images[current];
  if (!image) return null;

  const onPointerDown = (event: React.PointerEvent) => {
    drag.current = { x: offset.x, y: offset.y, startX: event.clientX, startY: event.clientY, touch: event.pointerType === 'touch' };
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: React.PointerEvent) => {
    const held = drag.current;
    if (!held || zoom === 1) return;
    setOffset({ x: held.x + event.clientX - held.startX, y: held.y + event.clientY - held.startY });
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const held = drag.current;
    drag.current = null;
    if (!held || !held.touch || zoom !== 1) return;
    const dx = event.clientX - held.startX;
    const dy = event.clientY - held.startY;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const button =
    'grid size-10 place-items-center rounded-full bg-white/10 text-white backdrop-blur hover:bg-white/20 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-zinc-950/90 animate-fade-in" />
        <Dialog.Content
          data-testid="image-viewer"
          className="fixed inset-0 z-[71] flex select-none flex-col text-white outline-none"
          onClick={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <Dialog.Title className="sr-only">{t('common.imageViewer.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('common.imageViewer.hint')}</Dialog.Description>
          <div className="flex items-center justify-between gap-2 p-3">
            <span className="px-2 text-sm tabular-nums text-white/80" aria-live="polite">
              {count > 1 ? `${current + 1} / ${count}` : ''}
            </span>
            <div className="flex items-center gap-2">
              <button type="button" className={button} aria-label={t('common.imageViewer.zoomOut')} disabled={zoom <= MIN_ZOOM} onClick={() => zoomTo(zoom / ZOOM_STEP)}>
                <Minus className="size-4" aria-hidden />
              </button>
              <span data-testid="image-viewer-zoom" className="w-12 text-center text-sm tabular-nums">
                {Math.round(zoom * 100)}%
              </span>
              <button type="button" className={button} aria-label={t('common.imageViewer.zoomIn')} disabled={zoom >= MAX_ZOOM} onClick={() => zoomTo(zoom * ZOOM_STEP)}>
                <Plus className="size-4" aria-hidden />
              </button>
              <Dialog.Close className={button} aria-label={t('common.close')}>
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </div>
          </div>
          <div
            className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden"
            style={{ touchAction: zoom === 1 ? 'pan-y' : 'none' }}
            onClick={(event) => {
              if (event.target === event.currentTarget) onClose();
            }}
            onWheel={(event) => zoomTo(event.deltaY < 0 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP)}
          >
            <img
              key={image.src}
              src={image.src}
              alt={image.alt ?? ''}
              width={image.width || undefined}
              height={image.height || undefined}
              draggable={false}
              onDoubleClick={() => zoomTo(zoom === 1 ? DOUBLE_CLICK_ZOOM : 1)}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (drag.current = null)}
              className={`max-h-full max-w-full object-contain transition-transform duration-100 ${zoom > 1 ? 'cursor-grab' : 'cursor-zoom-in'}`}
              style={{ height: 'auto', transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
            />
            {count > 1 && (
              <>
                <button type="button" className={`${button} absolute left-3 top-1/2 -translate-y-1/2`} aria-label={t('common.imageViewer.previous')} onClick={() => go(-1)}>
                  <ChevronLeft className="size-5" aria-hidden />
                </button>
                <button type="button" className={`${button} absolute right-3 top-1/2 -translate-y-1/2`} aria-label={t('common.imageViewer.next')} onClick={() => go(1)}>
                  <ChevronRight className="size-5" aria-hidden />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
