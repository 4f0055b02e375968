import { PenLine } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import { useStores } from '../stores/StoresContext';

/** /create: guests are asked to log in instead of reaching the editor (SPEC §6). */
export const Create = observer(function Create() {
  const { auth } = useStores();
  const { t } = useTranslation();
  return (
    <SceneFrame title={t('page.create.title')} subtitle={t('page.create.subtitle')}>
      {auth.isLoggedIn ? (
        <EmptyState icon={PenLine} title={t('common.create.noEntries')} />
      ) : (
        <EmptyState icon={PenLine} title={t('page.create.loginRequired')}>
          <button
            type="button"
            onClick={() => auth.requireLogin()}
            className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900"
          >
            {t('common.header.login')}
          </button>
        </EmptyState>
      )}
    </SceneFrame>
  );
});
