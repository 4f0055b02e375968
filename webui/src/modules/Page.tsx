import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

/** The page module (a lazily loaded chunk). */
export default function PageModule({ page, blocks }: ModuleProps) {
  const { t } = useTranslation();
  return <ModuleFrame page={page} blocks={blocks} kindLabel={t('page.page.title')} emptyText={t('page.page.empty')} icon={FileText} />;
}
