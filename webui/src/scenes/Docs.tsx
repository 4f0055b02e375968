import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';

/** /docs (docs layout). */
export function Docs() {
  const { t } = useTranslation();
  return (
    <SceneFrame title={t('page.docs.title')}>
      <EmptyState icon={BookOpen} title={t('page.docs.empty')} />
    </SceneFrame>
  );
}
