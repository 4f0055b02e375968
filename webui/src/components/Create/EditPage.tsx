import { ArrowLeft, FileQuestion, PencilLine, RotateCw, ShieldX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { PageSpinner } from '../Feedback/Spinner';
import { nodeName } from '../Community/paths';
import { CreateForm, currencyDecimals } from './CreateForm';
import { loadEdit, parseEditTarget, type EditLoad } from './editing';
import { SECONDARY_ACTION } from './FormParts';

/** Asks the browser to warn before the page is left (closed, reloaded, another address typed) while `active`. */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

type Loading = { status: 'loading' } | EditLoad;

/**
 * /create?edit=article:<id> or ?edit=topic:<id>: reads the item and hands the form filled with it
 * to `children`; a viewer who may not edit it (not its author nor an administrator; an article is
 * an administrator's) is told so instead, as is one whose link names nothing.
 */
export const EditPage = observer(function EditPage({ value, children }: { value: string; children: (form: CreateForm) => ReactNode }) {
  const root = useStores();
  const { t } = useTranslation();
  const target = parseEditTarget(value);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loading>({ status: 'loading' });
  const [form, setForm] = useState<CreateForm | null>(null);

  useEffect(() => {
    if (!target) return;
    let current = true;
    setState({ status: 'loading' });
    void loadEdit(root, target, (currency) => currencyDecimals(root, currency)).then((loaded) => {
      if (!current) return;
      setState(loaded);
      setForm(loaded.status === 'ready' ? new CreateForm(root, loaded.draft, loaded.source) : null);
    });
    return () => {
      current = false;
    };
    // The target is read from `value`, which keys this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, attempt]);

  if (!target) return <EmptyState icon={FileQuestion} title={t('page.create.edit.badLink')} />;
  switch (state.status) {
    case 'loading':
      return <PageSpinner />;
    case 'refused':
      return (
        <div data-testid="edit-refused">
          <EmptyState icon={ShieldX} title={t(target.kind === 'article' ? 'page.create.edit.refusedArticle' : 'page.create.edit.refused')} />
        </div>
      );
    case 'notFound':
      return <EmptyState icon={FileQuestion} title={t('page.create.edit.notFound')} />;
    case 'failed':
      return (
        <EmptyState icon={RotateCw} title={t('page.create.edit.failed')}>
          <button type="button" onClick={() => setAttempt((count) => count + 1)} className={SECONDARY_ACTION}>
            {t('page.create.edit.retry')}
          </button>
        </EmptyState>
      );
    case 'ready':
      return form ? <>{children(form)}</> : <PageSpinner />;
    default:
      return state satisfies never;
  }
});

/** Above an edited item's fields: what is edited, what stays as it is, and the way back to its page. */
export const EditingBanner = observer(function EditingBanner({ form }: { form: CreateForm }) {
  const { community, locale } = useStores();
  const { t } = useTranslation();
  const source = form.editing;
  if (!source) return null;
  const node = community.list.find((entry) => entry.databaseId === source.nodeId);
  return (
    <div data-testid="edit-banner" className="flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-500/10 dark:text-brand-100">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium">
          <PencilLine className="size-4 shrink-0" aria-hidden />
          {t(`page.create.edit.heading.${source.target.kind}`)}
        </p>
        {source.target.kind === 'topic' && (
          <p className="mt-1 text-xs text-brand-800/80 dark:text-brand-200/80">
            {node ? t('page.create.edit.topicFixedIn', { node: nodeName(node, locale.lang) }) : t('page.create.edit.topicFixed')}
          </p>
        )}
      </div>
      <Link to={source.path} className={`${SECONDARY_ACTION} h-9`} data-testid="edit-cancel">
        <ArrowLeft className="size-4" aria-hidden />
        {t('page.create.edit.back')}
      </Link>
    </div>
  );
});
