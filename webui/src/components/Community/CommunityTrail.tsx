import { ChevronRight } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { NodeView } from '../../api/wire.gen';
import { LocalizedLink } from '../common/LocalizedLink';
import { NodesButton } from './NodesDrawer';
import { nodeName, nodePath } from './paths';

/** The way back on a community page (community › node) and the button of the nodes drawer. */
export const CommunityTrail = observer(function CommunityTrail({ node }: { node?: NodeView | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <nav aria-label={t('page.community.trail')} className="min-w-0">
        <ol className="flex min-w-0 items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
          <li>
            <LocalizedLink to="/community" className="hover:text-zinc-900 dark:hover:text-zinc-100">
              {t('page.community.title')}
            </LocalizedLink>
          </li>
          {node && (
            <li className="flex min-w-0 items-center gap-1">
              <ChevronRight className="size-4 shrink-0" aria-hidden />
              <LocalizedLink to={nodePath(node)} className="truncate font-medium text-zinc-700 hover:text-zinc-900 dark:text-zinc-200 dark:hover:text-zinc-100">
                {nodeName(node, i18n.language)}
              </LocalizedLink>
            </li>
          )}
        </ol>
      </nav>
      <NodesButton />
    </div>
  );
});
