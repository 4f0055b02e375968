import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SheetSide = 'center' | 'bottom' | 'right' | 'top';

const PANEL_CLASS: Record<SheetSide, string> = {
  center:
    'left-1/2 top-1/2 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl animate-fade-in max-h-[85dvh]',
  bottom: 'inset-x-0 bottom-0 rounded-t-3xl animate-slide-up max-h-[90dvh]',
  right: 'inset-y-0 right-0 w-[min(100vw,24rem)] animate-fade-in',
  top: 'inset-x-0 top-0 mx-auto w-full max-w-2xl sm:top-16 sm:rounded-2xl animate-fade-in max-h-[100dvh] sm:max-h-[80dvh]',
};

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Hidden description for screen readers. */
  description?: string;
  side?: SheetSide;
  /** Inline style of the panel (e.g. a computed height). */
  style?: React.CSSProperties;
  className?: string;
  /** False: no close icon, and neither escape nor a click outside closes it. */
  dismissible?: boolean;
  children: ReactNode;
}

/** A modal panel (centered dialog, bottom sheet, side drawer) on Radix Dialog. */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  side = 'center',
  style,
  className,
  dismissible = true,
  children,
}: SheetProps) {
  const { t } = useTranslation();
  const keepOpen = dismissible ? undefined : (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content
          style={style}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className={`fixed z-50 flex flex-col overflow-hidden bg-white text-zinc-900 shadow-2xl ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10 ${PANEL_CLASS[side]} ${className ?? ''}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-zinc-100 px-5 py-3.5 dark:border-zinc-800">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            {dismissible && (
              <Dialog.Close
                className="-mr-2 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                aria-label={t('common.close')}
              >
                <X className="size-4" />
              </Dialog.Close>
            )}
          </div>
          <Dialog.Description className="sr-only">{description ?? ''}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
