import { LayoutGrid } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../components/Feedback/EmptyState';
import { textBlocks, TextModules } from '../components/Page/TextModules';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { useStores } from '../stores/StoresContext';
import { greetingKey } from '../utils/greeting';

/** The home page: a greeting and the home page's modules (built with the page builder later). */
const Home = observer(function Home() {
  const { pages, ui } = useStores();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('page.home.title'));
  useEffect(() => {
    void pages.load(pathname);
  }, [pages, pathname]);
  const state = pages.get(pathname);
  const modules = state?.status === 'ready' ? state.modules : [];
  const hasContent = textBlocks(modules, ui.device).length > 0;

  return (
    <div>
      <section className="relative overflow-hidden border-b border-zinc-900/5 bg-gradient-to-b from-brand-50 to-white dark:border-white/5 dark:from-brand-700/15 dark:to-zinc-950">
        <div className="mx-auto max-w-[var(--site-width)] px-4 py-14 sm:px-5 sm:py-20">
          <p className="text-sm font-medium text-brand-700 dark:text-brand-400">{t(greetingKey(new Date()))}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{t('page.home.welcome')}</h1>
          <p className="mt-4 max-w-xl text-zinc-600 dark:text-zinc-400">{t('page.home.intro')}</p>
        </div>
      </section>
      <section className="mx-auto max-w-[var(--site-width)] px-4 py-10 sm:px-5">
        {hasContent ? <TextModules modules={modules} /> : <EmptyState icon={LayoutGrid} title={t('page.home.empty')} />}
      </section>
    </div>
  );
});

export default Home;
