import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredOpen } from '../../routing/deferred';
import { TOAST_OFFSET_PX, TOAST_PLACEMENTS, type ToastPlacement } from '../../stores/ToastsStore';
import { useStores } from '../../stores/StoresContext';
import { shellPart } from '../Layout/shellParts';

export const VIEWPORT_CLASS = 'flex w-[min(92vw,24rem)] flex-col gap-2 outline-none';

export function viewportStyle(placement: ToastPlacement): CSSProperties {
  const offset = `${TOAST_OFFSET_PX}px`;
  const style: CSSProperties = { position: 'fixed', zIndex: 100 };
  if (placement.startsWith('top')) style.top = offset;
  else style.bottom = offset;
  if (placement.endsWith('left')) style.left = offset;
  else if (placement.endsWith('right')) style.right = offset;
  else {
    style.left = '50%';
    style.transform = 'translateX(-50%)';
  }
  return style;
}

/**
 * The Toaster, whose chunk (Radix Toast) loads with the first toast, or on
 * idle after the page loaded. Until then the six regions are there, empty and
 * named as Radix names them, so that screen readers find them from the start.
 */
export const ToasterHost = observer(function ToasterHost() {
  const { toasts } = useStores();
  return (
    <DeferredOpen part={shellPart} open={toasts.toasts.length > 0} fallback={<EmptyRegions />}>
      {({ Toaster }) => <Toaster />}
    </DeferredOpen>
  );
});

/** Radix Toast's viewport markup while it has no toast (its hotkey, F8, works once the chunk is in). */
function EmptyRegions() {
  const { t } = useTranslation();
  const label = t('common.toast.region').replace('{hotkey}', 'F8');
  return (
    <>
      {TOAST_PLACEMENTS.map((placement) => (
        <div key={placement} role="region" aria-label={label} tabIndex={-1} style={{ pointerEvents: 'none' }}>
          <ol tabIndex={-1} data-placement={placement} style={viewportStyle(placement)} className={VIEWPORT_CLASS} />
        </div>
      ))}
    </>
  );
}
