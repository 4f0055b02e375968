import { FileText } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { htmlText, type Draft } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { Sheet } from '../Overlay/Sheet';
import { DeleteDraft } from './DeleteDraft';

/** How much of a draft's text its row shows. */
const PREVIEW_CHARS = 80;

/**
 * The member's drafts, the latest first: each restores into the form, or is deleted after a
 * confirmation (with a success toast). The draft being edited is marked; deleting it starts the
 * form over (`onDeleted`).
 */
export const DraftsSheet = observer(function DraftsSheet({
  open,
  onOpenChange,
  currentId,
  onRestore,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentId: string;
  onRestore: (draft: Draft) => void;
  onDeleted: (draft: Draft) => void;
}) {
  const { drafts, ui } = useStores();
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('page.create.drafts.title', { count: drafts.count })}
      description={t('page.create.drafts.description')}
      side={ui.isMobile ? 'bottom' : 'right'}
    >
      <div className="min-h-0 flex-1 overflow-y-auto p-3" data-testid="drafts-list">
        {drafts.count === 0 ? (
          <p className="px-2 py-10 text-center text-sm text-zinc-500">{t('page.create.drafts.empty')}</p>
        ) : (
          <ul className="space-y-1">
            {drafts.sorted.map((draft) => {
              const title = draft.title.trim() || t('page.create.drafts.untitled');
              return (
                <li key={draft.id} className="group flex items-start gap-2 rounded-xl p-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                  <button
                    type="button"
                    onClick={() => onRestore(draft)}
                    className="flex min-w-0 flex-1 items-start gap-3 text-left"
                    aria-current={draft.id === currentId || undefined}
                  >
                    <FileText className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{title}</span>
                      <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                        {htmlText(draft.content).slice(0, PREVIEW_CHARS) || '\u00a0'}
                      </span>
                      <span className="mt-0.5 flex items-center gap-2 text-xs text-zinc-400">
                        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t(`page.create.kind.${draft.kind}`)}</span>
                        {relativeTime(draft.updatedAt, now, t)}
                        {draft.id === currentId && <span className="font-medium text-brand-600 dark:text-brand-400">{t('page.create.drafts.current')}</span>}
                      </span>
                    </span>
                  </button>
                  <DeleteDraft draft={draft} title={title} onDeleted={onDeleted} testId="draft-delete-confirm" />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Sheet>
  );
});
