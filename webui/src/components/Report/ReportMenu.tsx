import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Flag } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import type { ReportTarget } from '../../stores/ReportDialogStore';
import { MENU_ITEM, MENU_PANEL } from '../Header/HeaderMenu';
import '../../stores/ReportDialogStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * A message's "more" menu with its report entry (a chat message, a private message): it shows on
 * hover, on focus and always on touch screens, like the delete button beside it.
 */
export const ReportMenu = observer(function ReportMenu({ target, label }: { target: ReportTarget; label?: string }) {
  const { reportDialog } = useStores();
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label ?? t('common.report.more')}
        className="rounded-full p-1.5 text-zinc-400 opacity-0 transition hover:bg-zinc-100 hover:text-zinc-700 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 dark:hover:bg-zinc-800 dark:hover:text-zinc-200 [@media(hover:none)]:opacity-100"
      >
        <Ellipsis className="size-3.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" sideOffset={6} collisionPadding={12} className={`${MENU_PANEL} z-[60] w-44`}>
          <DropdownMenu.Item className={`${MENU_ITEM} text-rose-700 dark:text-rose-300`} onSelect={() => reportDialog.open(target)}>
            <Flag className="size-4" aria-hidden />
            {t('common.report.action')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});

/** "Report" as a button (a member's profile). */
export const ReportButton = observer(function ReportButton({ target, className = '' }: { target: ReportTarget; className?: string }) {
  const { reportDialog } = useStores();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => reportDialog.open(target)}
      aria-label={t('common.report.user')}
      title={t('common.report.user')}
      className={`inline-flex size-9 items-center justify-center rounded-full text-zinc-500 ring-1 ring-zinc-200 transition hover:bg-rose-50 hover:text-rose-700 dark:ring-zinc-700 dark:hover:bg-rose-500/10 dark:hover:text-rose-300 ${className}`}
    >
      <Flag className="size-4" aria-hidden />
    </button>
  );
});
