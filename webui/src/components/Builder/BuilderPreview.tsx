import { EyeOff } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../models/settings';
import { deviceSettings } from '../../stores/builder/layout';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { BlockList } from '../Page/Blocks/BlockList';
import { BLOCK_ICON } from './BlockListPanel';
import { useBuilder } from './context';
import { DEVICE_FRAME, DeviceFrame } from './DeviceFrame';

/** The width the desktop layout is drawn at, zoomed out to fit the canvas. */
export const DESKTOP_PREVIEW_WIDTH = 1280;

/** Draws a device at its own width and zooms it out when the canvas is narrower, so layouts are seen as visitors see them. */
function FitWidth({ device, children }: { device: Device; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setAvailable(element.clientWidth));
    observer.observe(element);
    setAvailable(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  const width = DEVICE_FRAME[device].width ?? DESKTOP_PREVIEW_WIDTH;
  const zoom = available > 0 ? Math.min(1, available / width) : 1;
  return (
    <div ref={ref} className="w-full">
      <div style={{ width, zoom, marginInline: 'auto' }}>{children}</div>
    </div>
  );
}

/**
 * The live preview of the current page on the current device: header, blocks and footer as the
 * draft (or the old version looked at) has them, texts in the builder's language. A click on a
 * block selects it; links inside do nothing.
 */
export const BuilderPreview = observer(function BuilderPreview() {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const doc = builder.shownDoc;
  const settings = deviceSettings(doc?.pageSettings[builder.device], builder.lang);
  const readOnly = builder.previewed !== null;
  return (
    <FitWidth device={builder.device}>
      <DeviceFrame device={builder.device}>
        <div lang={builder.lang} className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain" data-testid="builder-preview">
          <Header device={builder.device} preview override={settings} />
          <div className="flex flex-1 flex-col gap-10 py-6">
            {builder.shownBlocks.length === 0 && <p className="px-6 py-16 text-center text-sm text-zinc-500">{t('page.builder.noBlocks')}</p>}
            {builder.shownBlocks.map((block) => {
              const selected = !readOnly && builder.selectedId === block.id;
              const Icon = BLOCK_ICON[block.type];
              return (
                <div
                  key={block.id}
                  data-testid="preview-block"
                  data-block-id={block.id}
                  data-block-type={block.type}
                  onClickCapture={(event) => {
                    event.preventDefault();
                    if (!readOnly) builder.select(block.id);
                  }}
                  className={`group/block relative cursor-pointer outline-offset-[-2px] ${
                    selected ? 'outline outline-2 outline-brand-500' : 'hover:outline hover:outline-1 hover:outline-brand-300'
                  } ${builder.flaggedId === block.id ? 'outline outline-2 outline-rose-500' : ''}`}
                >
                  <span
                    className={`pointer-events-none absolute left-2 top-2 z-10 items-center gap-1 rounded-md bg-brand-600 px-1.5 py-0.5 text-[11px] font-medium text-white shadow ${
                      selected ? 'inline-flex' : 'hidden group-hover/block:inline-flex'
                    }`}
                  >
                    <Icon className="size-3" aria-hidden />
                    {t(`page.builder.blocks.${block.type}`)}
                  </span>
                  {block.hidden ? (
                    <p className="flex items-center justify-center gap-2 border-y border-dashed border-zinc-300 py-3 text-xs text-zinc-500 dark:border-zinc-700">
                      <EyeOff className="size-3.5" aria-hidden />
                      {t('page.builder.hiddenHere', { block: t(`page.builder.blocks.${block.type}`) })}
                    </p>
                  ) : (
                    <BlockList blocks={[block]} lang={builder.lang} currency={builder.currency} preview />
                  )}
                </div>
              );
            })}
          </div>
          <Footer device={builder.device} preview override={settings} />
        </div>
      </DeviceFrame>
    </FitWidth>
  );
});
