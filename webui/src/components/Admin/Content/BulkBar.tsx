import { ArchiveRestore, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkOp } from '../../../api/adminContent';
import type { ContentAdminStore } from '../../../stores/admin/ContentAdminStore';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { SECONDARY_BUTTON, SMALL_BUTTON } from '../common/styles';

/**
 * What to do with the picked rows: delete or restore them, after a confirmation naming how many.
 * Kinds that refuse an operation (a coupon is never deleted) say so per row afterwards.
 */
export const BulkBar = observer(function BulkBar({ store }: { store: ContentAdminStore }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<BulkOp | null>(null);
  const count = store.selected.size;
  if (count === 0) return null;
  const rows = store.selectedRows;
  const canDelete = rows.some((row) => !row.deletedAt);
  const canRestore = rows.some((row) => row.deletedAt);
  return (
    <div
      role="toolbar"
      aria-label={t('admin.content.bulk.label')}
      data-testid="content-bulk"
      className="sticky top-16 z-10 flex flex-wrap items-center gap-2 rounded-2xl bg-zinc-900 px-4 py-2.5 text-sm text-white shadow-lg dark:bg-white dark:text-zinc-900"
    >
      <span className="mr-auto font-medium">{t('admin.content.bulk.selected', { count })}</span>
      {canDelete && (
        <button type="button" className={`${SMALL_BUTTON} text-white ring-white/30 hover:bg-white/10 dark:text-zinc-900 dark:ring-zinc-300`} disabled={store.running !== null} onClick={() => setAsking('delete')} data-testid="content-bulk-delete">
          <Trash2 className="size-3.5" aria-hidden />
          {t('admin.content.bulk.delete')}
        </button>
      )}
      {canRestore && (
        <button type="button" className={`${SMALL_BUTTON} text-white ring-white/30 hover:bg-white/10 dark:text-zinc-900 dark:ring-zinc-300`} disabled={store.running !== null} onClick={() => setAsking('restore')} data-testid="content-bulk-restore">
          <ArchiveRestore className="size-3.5" aria-hidden />
          {t('admin.content.bulk.restore')}
        </button>
      )}
      <button type="button" className={`${SECONDARY_BUTTON} !px-3 !py-1 text-xs text-white ring-white/30 hover:bg-white/10 dark:text-zinc-900`} onClick={() => store.clearSelection()}>
        {t('admin.content.bulk.clear')}
      </button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t(`admin.content.bulk.confirm.${asking}.title`, { count }) : ''}
        confirmLabel={asking ? t(`admin.content.bulk.${asking}`) : ''}
        danger={asking === 'delete'}
        disabled={store.running !== null}
        testId="content-bulk-confirm"
        onConfirm={() => {
          const op = asking;
          setAsking(null);
          if (op) void store.bulk(op);
        }}
      >
        <p className="text-zinc-600 dark:text-zinc-300">{asking ? t(`admin.content.bulk.confirm.${asking}.body`, { count }) : ''}</p>
      </ConfirmDialog>
    </div>
  );
});
