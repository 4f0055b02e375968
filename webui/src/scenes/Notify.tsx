import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';

/** /notify */
export function Notify() {
  const { t } = useTranslation();
  return (
    <SceneFrame title={t('page.notify.title')}>
      <EmptyState icon={Bell} title={t('page.notify.empty')} />
    </SceneFrame>
  );
}
