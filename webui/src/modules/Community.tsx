import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

/** The community module (a lazily loaded chunk). */
export default function CommunityModule({ page, modules }: ModuleProps) {
  const { t } = useTranslation();
  return (
    <ModuleFrame
      page={page}
      modules={modules}
      kindLabel={t('page.modules.community.title')}
      emptyText={t('page.modules.community.empty')}
      icon={MessagesSquare}
    />
  );
}
