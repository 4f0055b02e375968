import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

/** The shop module (a lazily loaded chunk). */
export default function ShopModule({ page, modules }: ModuleProps) {
  const { t } = useTranslation();
  return <ModuleFrame page={page} modules={modules} kindLabel={t('page.shop.title')} emptyText={t('page.shop.empty')} icon={Store} />;
}
