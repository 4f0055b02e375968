import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { ConfirmDelete } from '../common/ConfirmDelete';
import '../../stores/DraftsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** Deletes a draft after a confirmation, with a success toast; `onDeleted` follows. */
export const DeleteDraft = observer(function DeleteDraft({
  draft,
  title,
  testId,
  onDeleted,
}: {
  draft: Draft;
  /** The title the draft is shown with. */
  title: string;
  testId: string;
  onDeleted?: (draft: Draft) => void;
}) {
  const { drafts, toasts } = useStores();
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      label={t('page.create.drafts.delete', { title })}
      title={t('page.create.drafts.deleteTitle')}
      text={t('page.create.drafts.deleteText')}
      confirmLabel={t('page.create.drafts.deleteAction')}
      onConfirm={() => {
        drafts.remove(draft.id);
        onDeleted?.(draft);
        toasts.success(t('page.create.drafts.deleted'));
      }}
      testId={testId}
    />
  );
});
