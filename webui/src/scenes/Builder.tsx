import { AlertTriangle, Lock, MousePointerClick, RefreshCw, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockInspector } from '../components/Builder/BlockInspector';
import { BlockListPanel } from '../components/Builder/BlockListPanel';
import { BuilderPreview } from '../components/Builder/BuilderPreview';
import { BuilderTopBar } from '../components/Builder/BuilderTopBar';
import { BuilderContext, useBuilder as useBuilderStores, type BuilderStores } from '../components/Builder/context';
import { SMALL_BUTTON } from '../components/Builder/fields';
import { PageInspector } from '../components/Builder/PageInspector';
import { FooterInspector, HeaderInspector } from '../components/Builder/SettingsInspector';
import { LocalizedLink } from '../components/common/LocalizedLink';
import { EmptyState } from '../components/Feedback/EmptyState';
import { PageSpinner } from '../components/Feedback/Spinner';
import { LoginDialog } from '../components/Login/LoginDialog';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { BuilderRefs } from '../stores/builder/BuilderRefs';
import { BuilderStore } from '../stores/builder/BuilderStore';
import { useStores } from '../stores/StoresContext';

/**
 * /builder: no site header or footer; requires canBuilder. The shell does not
 * fetch the viewer for this route, the builder checks the session itself.
 */
export const Builder = observer(function Builder() {
  const root = useStores();
  const { auth, ui } = root;
  const { t } = useTranslation();
  useDocumentTitle(t('page.builder.title'));
  useEffect(() => {
    void auth.fetchViewer();
  }, [auth]);

  if (auth.isFetching && !auth.viewer) return <PageSpinner />;
  if (!auth.viewer?.canBuilder) {
    return (
      <div className="mx-auto max-w-md px-6 py-24">
        <EmptyState icon={Lock} title={t('page.builder.forbidden')}>
          <div className="flex gap-2">
            <LocalizedLink to="/" className="rounded-full px-4 py-2 text-sm ring-1 ring-zinc-300 dark:ring-zinc-700">
              {t('common.backHome')}
            </LocalizedLink>
            {!auth.isLoggedIn && (
              <button
                type="button"
                onClick={() => ui.open('login')}
                className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900"
              >
                {t('common.header.login')}
              </button>
            )}
          </div>
        </EmptyState>
        <LoginDialog editStatus />
      </div>
    );
  }
  return <BuilderEditor />;
});

/** The editor itself, for a viewer who may build: its stores live as long as it does. */
const BuilderEditor = observer(function BuilderEditor() {
  const root = useStores();
  const { t } = useTranslation();
  const [stores] = useState<BuilderStores>(() => ({ builder: new BuilderStore(root), refs: new BuilderRefs(root) }));
  const { builder } = stores;

  useEffect(() => {
    void builder.load();
  }, [builder]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!builder.dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const keys = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        void builder.save();
        return;
      }
      const editing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable=true]');
      if (editing) return;
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        builder.undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        builder.redo();
      }
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('keydown', keys);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('keydown', keys);
    };
  }, [builder]);

  if (!builder.doc) {
    if (builder.loadError) {
      return (
        <div className="mx-auto max-w-md px-6 py-24">
          <EmptyState icon={AlertTriangle} title={builder.loadError.messages[0] ?? t('common.error.internal')}>
            <button type="button" className={SMALL_BUTTON} onClick={() => void builder.load()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        </div>
      );
    }
    return <PageSpinner />;
  }

  return (
    <BuilderContext.Provider value={stores}>
      <div className="flex h-dvh flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100" data-testid="builder">
        <BuilderTopBar />
        <Notices />
        <div className="flex min-h-0 flex-1">
          <aside aria-label={t('page.builder.blockList')} className="flex w-72 shrink-0 flex-col border-r border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
            <BlockListPanel />
          </aside>
          <div className="min-w-0 flex-1 overflow-auto p-6">
            <BuilderPreview />
          </div>
          <aside aria-label={t('page.builder.inspector')} className="w-80 shrink-0 overflow-y-auto border-l border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
            <Inspector />
          </aside>
        </div>
      </div>
    </BuilderContext.Provider>
  );
});

/** What the right column shows: the header or footer settings, or the selected block. */
const Inspector = observer(function Inspector() {
  const { builder } = useBuilderStores();
  const { t } = useTranslation();
  if (builder.previewed) return <p className="p-6 text-sm text-zinc-500">{t('page.builder.history.readOnly')}</p>;
  if (builder.panel === 'header') return <HeaderInspector />;
  if (builder.panel === 'footer') return <FooterInspector />;
  const block = builder.selected;
  if (!block) {
    return (
      <>
        <PageInspector />
        <div className="p-6">
          <EmptyState icon={MousePointerClick} title={t('page.builder.selectBlock')} />
        </div>
      </>
    );
  }
  return <BlockInspector key={`${builder.device}-${block.id}`} block={block} />;
});

/** The banners over the editor: a refusal (stale drafts offer a reload) and the old version looked at. */
const Notices = observer(function Notices() {
  const { builder } = useBuilderStores();
  const { t } = useTranslation();
  return (
    <>
      {builder.problem && (
        <div role="alert" data-testid="builder-problem" className="flex items-center gap-3 border-b border-rose-200 bg-rose-50 px-4 py-2 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950 dark:text-rose-200">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <span className="flex-1">{builder.stale ? t('page.builder.stale') : builder.problem.message}</span>
          {builder.stale && (
            <button
              type="button"
              className={`${SMALL_BUTTON} bg-white dark:bg-zinc-900`}
              onClick={() => {
                if (!builder.dirty || window.confirm(t('page.builder.reloadConfirm'))) void builder.load();
              }}
            >
              <RefreshCw className="size-3.5" aria-hidden />
              {t('page.builder.reload')}
            </button>
          )}
          <button type="button" className="rounded p-1 hover:bg-rose-100 dark:hover:bg-rose-900" aria-label={t('common.close')} onClick={() => builder.dismissProblem()}>
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
      {builder.previewed && (
        <div data-testid="version-preview" className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <span className="flex-1">{t('page.builder.history.previewing', { version: builder.previewed.version })}</span>
          {builder.previewed.version !== builder.publishedVersion && (
            <button
              type="button"
              className={`${SMALL_BUTTON} bg-white dark:bg-zinc-900`}
              onClick={() => {
                if (window.confirm(t('page.builder.history.rollbackConfirm', { version: builder.previewed!.version }))) void builder.rollback(builder.previewed!.version);
              }}
            >
              {t('page.builder.history.rollback')}
            </button>
          )}
          <button type="button" className={`${SMALL_BUTTON} bg-white dark:bg-zinc-900`} onClick={() => void builder.preview(null)}>
            {t('page.builder.history.backToDraft')}
          </button>
        </div>
      )}
    </>
  );
});
