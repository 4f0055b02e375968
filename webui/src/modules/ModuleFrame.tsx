import type { LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import type { Blocks } from '../models/builder';
import type { MemberProfile, PageRecord } from '../stores/PagesStore';
import { useStores } from '../stores/StoresContext';
import { BlockList, pageBlocks } from '../components/Page/Blocks/BlockList';

export interface ModuleProps {
  page: PageRecord;
  /** The page builder's blocks of the page per device, when it has some. */
  blocks?: Blocks;
  /** The member, on a profile page. */
  profile?: MemberProfile;
  /** What the page shows, as auth.pageData answers it for the route's kind (an article, an archive page, a topic...). */
  content?: unknown;
}

/** The frame the lazy modules share: the page's title and kind, and its empty state. */
export const ModuleFrame = observer(function ModuleFrame({
  page,
  blocks,
  kindLabel,
  emptyText,
  icon,
}: ModuleProps & {
  kindLabel: string;
  emptyText: string;
  icon: LucideIcon;
}) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const shown = pageBlocks(blocks, ui.device);
  const view = page.view && page.view !== 'single' ? t(`common.views.${page.view}`) : '';
  return (
    <SceneFrame title={page.title || kindLabel} eyebrow={view ? `${kindLabel} · ${view}` : kindLabel} wide>
      {shown.length > 0 ? <BlockList blocks={shown} titled /> : <EmptyState icon={icon} title={emptyText} />}
    </SceneFrame>
  );
});
