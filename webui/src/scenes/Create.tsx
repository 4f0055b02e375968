import PenLine from 'lucide-react/icons/pen-line';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';
import { PageSpinner } from '../components/Feedback/Spinner';
import { lazyModule } from '../routing/lazyModule';
import { useStores } from '../stores/StoresContext';

/** The form and its editor (TipTap) are their own chunk: the main bundle stays small. */
export const loadCreatePage = () => import('../components/Create/CreatePage');
const CreatePage = lazyModule(loadCreatePage);

/** /create: the creation screen for members; guests are asked to log in instead (SPEC §6). */
export const Create = observer(function Create() {
  const { auth } = useStores();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const waiting = !auth.isLoaded && auth.hasSession;
  const editing = params.has('edit');
  return (
    <SceneFrame title={t(editing ? 'page.create.edit.title' : 'page.create.title')} subtitle={t(editing ? 'page.create.edit.subtitle' : 'page.create.subtitle')}>
      {auth.isLoggedIn ? (
        <Suspense fallback={<PageSpinner />}>
          <CreatePage />
        </Suspense>
      ) : waiting ? (
        <PageSpinner />
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
