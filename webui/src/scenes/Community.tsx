import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';

/** /community */
export const Community = observer(function Community() {
  const { t } = useTranslation();
  return (
    <SceneFrame title={t('page.community.title')} wide>
      <EmptyState icon={MessagesSquare} title={t('page.community.empty')} />
    </SceneFrame>
  );
});
