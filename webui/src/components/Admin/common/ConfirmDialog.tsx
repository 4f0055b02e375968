import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../Overlay/Sheet';
import { DANGER_BUTTON, PRIMARY_BUTTON, SECONDARY_BUTTON } from './styles';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in a sentence or more (and any inputs the decision needs). */
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** A destructive operation: the confirm button is red. */
  danger?: boolean;
  /** The operation is on its way, or its inputs are not complete yet. */
  disabled?: boolean;
  testId?: string;
}

/** Asks before an operation the admin cannot simply undo (ban, delete, revoke every session). */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, danger = false, disabled = false, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={title}>
      <form
        data-testid={testId}
        className="flex flex-col gap-4 p-5 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) onConfirm();
        }}
      >
        {children}
        <div className="flex justify-end gap-2">
          <button type="button" className={SECONDARY_BUTTON} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={disabled} className={danger ? DANGER_BUTTON : PRIMARY_BUTTON} data-testid={testId ? `${testId}-confirm` : undefined}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Sheet>
  );
}
