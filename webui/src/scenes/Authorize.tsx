import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';

/** /authorize; with ?type=wechat it is the return address of scan-code login. */
export function Authorize() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wechat = params.get('type') === 'wechat';
  return (
    <SceneFrame title={t('page.authorize.title')}>
      <EmptyState icon={KeyRound} title={wechat ? t('page.authorize.wechat') : t('page.authorize.empty')} />
    </SceneFrame>
  );
}
