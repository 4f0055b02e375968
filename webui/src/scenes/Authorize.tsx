import { KeyRound, ShieldAlert } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../components/Feedback/EmptyState';
import { LoginPrompt } from '../components/Feedback/LoginPrompt';
import { PageSpinner } from '../components/Feedback/Spinner';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import { useStores } from '../stores/StoresContext';

type Status = 'idle' | 'working' | 'failed';

/**
 * /authorize: where a social provider sends the browser back (?code=&state=;
 * type=wechat after the scan-code login). auth.socialCallback signs in, then
 * the page the login started from opens.
 */
export const Authorize = observer(function Authorize() {
  const { auth } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const type = params.get('type') ?? '';
  const [status, setStatus] = useState<Status>(code && state ? 'working' : 'idle');
  // The state passes once: StrictMode's second effect must not send it again.
  const sent = useRef('');

  useEffect(() => {
    if (!code || !state || sent.current === state) return;
    sent.current = state;
    void auth.socialCallback({ code, state, type: type || undefined }).then((redirect) => {
      if (redirect) navigate(redirect, { replace: true });
      else setStatus('failed');
    });
  }, [auth, code, state, type, navigate]);

  if (status === 'working') return <PageSpinner />;
  return (
    <SceneFrame title={t('page.authorize.title')}>
      {status === 'failed' ? (
        <LoginPrompt icon={ShieldAlert} title={t('page.authorize.failed')} />
      ) : (
        <EmptyState icon={KeyRound} title={type === 'wechat' ? t('page.authorize.wechat') : t('page.authorize.empty')} />
      )}
    </SceneFrame>
  );
});
