import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../stores/StoresContext';

/**
 * A panel over the console for one thing (a member, an audit entry): a drawer from the right on a
 * wide screen, the whole screen with a back arrow on a phone. Closing it calls `onClose`.
 */
export const AdminDrawer = observer(function AdminDrawer({
  title,
  description,
  onClose,
  testId,
  children,
}: {
  title: string;
  /** Read by screen readers when the panel opens. */
  description: string;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const phone = ui.isMobile;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content
          data-testid={testId}
          className={`fixed z-50 flex flex-col bg-zinc-50 text-zinc-900 shadow-2xl animate-fade-in dark:bg-zinc-950 dark:text-zinc-100 ${
            phone ? 'inset-0' : 'inset-y-0 right-0 w-[min(100vw,46rem)] ring-1 ring-zinc-900/5 dark:ring-white/10'
          }`}
        >
          <div className="flex items-center gap-2 border-b border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
            {phone && (
              <Dialog.Close className="-ml-2 rounded-full p-2 hover:bg-zinc-100 dark:hover:bg-zinc-800" aria-label={t('admin.frame.back')}>
                <ArrowLeft className="size-4" aria-hidden />
              </Dialog.Close>
            )}
            <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold">{title}</Dialog.Title>
            {!phone && (
              <Dialog.Close className="-mr-2 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800" aria-label={t('common.close')}>
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            )}
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
});
