import * as RadixToast from '@radix-ui/react-toast';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import Bell from 'lucide-react/icons/bell';
import X from 'lucide-react/icons/x';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { VIEWPORT_CLASS, viewportStyle } from './ToasterHost';
import { TOAST_PLACEMENTS, type Toast, type ToastPlacement, type ToastType } from '../../stores/ToastsStore';

const ICONS: Record<ToastType, typeof Info> = {
  primary: Bell,
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  error: CircleAlert,
};

const ACCENT: Record<ToastType, string> = {
  primary: 'text-brand-600 dark:text-brand-400',
  success: 'text-emerald-600 dark:text-emerald-400',
  info: 'text-sky-600 dark:text-sky-400',
  warning: 'text-amber-600 dark:text-amber-400',
  error: 'text-rose-600 dark:text-rose-400',
};

function swipeDirection(placement: ToastPlacement) {
  if (placement.endsWith('left')) return 'left' as const;
  if (placement.endsWith('right')) return 'right' as const;
  return placement.startsWith('top') ? ('up' as const) : ('down' as const);
}

/** Renders the toasts of the ToastsStore in their six placements. */
export const Toaster = observer(function Toaster() {
  const { toasts } = useStores();
  const { t } = useTranslation();
  return (
    <>
      {TOAST_PLACEMENTS.map((placement) => (
        // Radix names each toast and the region in English unless told: screen readers announce these labels.
        <RadixToast.Provider key={placement} swipeDirection={swipeDirection(placement)} label={t('common.toast.label')}>
          {toasts.at(placement).map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={() => toasts.dismiss(toast.id)} />
          ))}
          <RadixToast.Viewport
            label={t('common.toast.region')}
            data-placement={placement}
            style={viewportStyle(placement)}
            className={VIEWPORT_CLASS}
          />
        </RadixToast.Provider>
      ))}
    </>
  );
});

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation();
  const Icon = ICONS[toast.type];
  return (
    <RadixToast.Root
      duration={toast.duration}
      type={toast.type === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => !open && onClose()}
      data-type={toast.type}
      className="flex items-start gap-3 rounded-xl bg-white/95 px-4 py-3 text-sm shadow-lg ring-1 ring-zinc-900/10 backdrop-blur animate-toast-in dark:bg-zinc-800/95 dark:ring-white/10"
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${ACCENT[toast.type]}`} aria-hidden />
      <RadixToast.Description className="flex-1 text-zinc-800 dark:text-zinc-100">{toast.message}</RadixToast.Description>
      <RadixToast.Close
        aria-label={t('common.toast.close')}
        className="-mr-1 rounded p-0.5 text-zinc-400 hover:text-zinc-700 dark:hover:text-zinc-200"
      >
        <X className="size-3.5" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
