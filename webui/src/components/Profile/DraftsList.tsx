import { FilePen } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { htmlText } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';
import { useNow } from '../../utils/useNow';
import { EmptyState } from '../Feedback/EmptyState';
import { LocalizedLink } from '../common/LocalizedLink';
import { DeleteDraft } from '../Create/DeleteDraft';

/**
 * The member's own drafts (kept in this browser, at most MAX_DRAFTS), the latest first: each opens
 * the create page's drafts list to be restored, or is deleted after a confirmation.
 */
export const DraftsList = observer(function DraftsList() {
  const { drafts } = useStores();
  const { t } = useTranslation();
  const now = useNow();
  if (drafts.count === 0) return <EmptyState icon={FilePen} title={t('page.create.drafts.empty')} />;
  return (
    <ul data-testid="profile-drafts" className="space-y-3">
      {drafts.sorted.map((draft) => {
        const title = draft.title.trim() || t('page.create.drafts.untitled');
        return (
          <li key={draft.id} className="group flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
            <div className="min-w-0 flex-1">
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t(`page.create.kind.${draft.kind}`)}</span>
              <LocalizedLink to="/create?drafts=1" className="mt-1.5 block truncate font-semibold hover:text-brand-700 dark:hover:text-brand-400">
                {title}
              </LocalizedLink>
              <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{htmlText(draft.content)}</p>
              <p className="mt-1 text-xs text-zinc-500">{relativeTime(draft.updatedAt, now, t)}</p>
            </div>
            <DeleteDraft draft={draft} title={title} testId="profile-draft-delete-confirm" />
          </li>
        );
      })}
    </ul>
  );
});
