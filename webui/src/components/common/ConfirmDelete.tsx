import * as Popover from '@radix-ui/react-popover';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Texts of a delete confirmation, already translated. */
export interface ConfirmDeleteProps {
  /** The trash button's accessible name. */
  label: string;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId?: string;
}

/**
 * A trash button that asks before deleting (SPEC §5): a small popover with
 * cancel and confirm. It shows on hover, on focus and always on touch screens.
 */
export function ConfirmDelete({ label, title, text, confirmLabel, onConfirm, testId }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        className="rounded-full p-1.5 text-zinc-400 opacity-0 transition hover:bg-red-50 hover:text-red-600 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 dark:hover:bg-red-500/10 [@media(hover:none)]:opacity-100"
      >
        <Trash2 className="size-3.5" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          data-testid={testId}
          className="z-[60] w-60 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-800 dark:ring-white/10"
        >
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{text}</p>
          <div className="mt-3 flex justify-end gap-2">
            <Popover.Close className="rounded-lg px-3 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700">
              {t('common.cancel')}
            </Popover.Close>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
              className="rounded-lg bg-red-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-red-700"
            >
              {confirmLabel}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
