import type { LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import type { MemberProfile, PageModule, PageRecord } from '../stores/PagesStore';
import { useStores } from '../stores/StoresContext';
import { textBlocks, TextModules } from '../components/Page/TextModules';

export interface ModuleProps {
  page: PageRecord;
  modules: PageModule[];
  /** The member, on a profile page. */
  profile?: MemberProfile;
  /** What the page shows, as auth.pageData answers it for the route's kind (an article, an archive page, a topic...). */
  content?: unknown;
}

/** The frame the lazy modules share: the page's title and kind, and its empty state. */
export const ModuleFrame = observer(function ModuleFrame({
  page,
  modules,
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
  const blocks = textBlocks(modules, ui.device);
  const view = page.view && page.view !== 'single' ? t(`common.views.${page.view}`) : '';
  return (
    <SceneFrame title={page.title || kindLabel} eyebrow={view ? `${kindLabel} · ${view}` : kindLabel} wide>
      {blocks.length > 0 ? <TextModules modules={modules} /> : <EmptyState icon={icon} title={emptyText} />}
    </SceneFrame>
  );
});
