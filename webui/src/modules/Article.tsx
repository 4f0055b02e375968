import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

/** The article module (a lazily loaded chunk). */
export default function ArticleModule({ page, modules }: ModuleProps) {
  const { t } = useTranslation();
  return <ModuleFrame page={page} modules={modules} kindLabel={t('page.article.title')} emptyText={t('page.article.empty')} icon={Newspaper} />;
}
