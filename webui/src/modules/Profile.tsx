import { CircleUser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ModuleFrame, type ModuleProps } from './ModuleFrame';

/** The profile module (a lazily loaded chunk). */
export default function ProfileModule({ page, modules }: ModuleProps) {
  const { t } = useTranslation();
  return <ModuleFrame page={page} modules={modules} kindLabel={t('page.profile.title')} emptyText={t('page.profile.empty')} icon={CircleUser} />;
}
