import { observer } from 'mobx-react-lite';
import { FolderPlus, PackagePlus, Tags } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONTENT_KINDS, CONTENT_STATUSES, type ContentKind } from '../../api/adminContent';
import { TERM_KINDS } from '../../api/adminNodes';
import { BulkBar } from '../../components/Admin/Content/BulkBar';
import { ContentTable, type FormKind } from '../../components/Admin/Content/ContentTable';
import { CouponsForm } from '../../components/Admin/Content/CouponsForm';
import { NodeForm } from '../../components/Admin/Content/NodeForm';
import { ProductForm } from '../../components/Admin/Content/ProductForm';
import { TermForm } from '../../components/Admin/Content/TermForm';
import { PRIMARY_BUTTON } from '../../components/Admin/common/styles';
import { FilterTabs } from '../../components/Admin/common/FilterTabs';
import { SearchBox } from '../../components/Admin/common/SearchBox';
import { SectionHeader } from '../../components/Admin/common/SectionHeader';
import { ContentAdminStore } from '../../stores/admin/ContentAdminStore';
import { useStores } from '../../stores/StoresContext';

/**
 * /admin/content: the site's content one kind at a time (articles, topics, answers, comments,
 * products, coupons, nodes, categories, article and shop categories and tags, pages), searched and filtered live / deleted / all, picked
 * and deleted or restored in bulk; each row links to where readers see it and where it is edited.
 * The coupons tab also creates coupons; the products tab creates and edits products in the product
 * form, the nodes and categories tabs in the node form, the terms tab in the term form, each opened
 * by the URL `?kind=<product|node|category|term>&edit=<id>` (or `edit=new`) so the rows' edit links lead there.
 */
const Content = observer(function Content() {
  const root = useStores();
  const { t } = useTranslation();
  const [store] = useState(() => new ContentAdminStore(root));
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const editing = params.get('edit');

  useEffect(() => {
    if (kindParam && kindParam !== store.kind && (CONTENT_KINDS as readonly string[]).includes(kindParam)) store.setKind(kindParam as ContentKind);
    else void store.loadLatest();
  }, [store, kindParam]);

  const edit = useCallback(
    (kind: FormKind | null, id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (kind && id) {
            next.set('kind', kind);
            next.set('edit', id);
          } else next.delete('edit');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const closeForm = useCallback(() => edit(null, null), [edit]);
  const saved = useCallback(
    (kind: FormKind) => (id: string) => {
      edit(kind, id);
      store.reload();
    },
    [edit, store],
  );
  const nodeKind = kindParam === 'category' ? 'category' : 'node';

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-4" data-testid="admin-content">
      <SectionHeader title={t('admin.content.title')} description={t('admin.content.description')}>
        {store.kind === 'coupon' && <CouponsForm store={store} />}
        {store.kind === 'product' && (
          <button type="button" className={PRIMARY_BUTTON} onClick={() => edit('product', 'new')} data-testid="product-new">
            <PackagePlus className="size-4" aria-hidden />
            {t('admin.product.new')}
          </button>
        )}
        {(store.kind === 'node' || store.kind === 'category') && (
          <button type="button" className={PRIMARY_BUTTON} onClick={() => edit(store.kind as FormKind, 'new')} data-testid="node-new">
            <FolderPlus className="size-4" aria-hidden />
            {t(`admin.node.new.${store.kind}`)}
          </button>
        )}
        {store.kind === 'term' && (
          <button type="button" className={PRIMARY_BUTTON} onClick={() => edit('term', 'new')} data-testid="term-new">
            <Tags className="size-4" aria-hidden />
            {t('admin.term.new')}
          </button>
        )}
      </SectionHeader>
      <FilterTabs
        label={t('admin.content.kinds')}
        options={CONTENT_KINDS.map((kind) => ({ value: kind, label: t(`admin.content.kind.${kind}`) }))}
        value={store.kind}
        onChange={(kind) => {
          store.setKind(kind);
          setParams({ kind }, { replace: true });
        }}
        testId="content-kinds"
      />
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={store.query} onSearch={(q) => store.setQuery(q)} placeholder={t('admin.content.search')} testId="content-search" />
        {store.canBulk && (
          <FilterTabs
            label={t('admin.content.statusFilter')}
            options={CONTENT_STATUSES.map((status) => ({ value: status, label: t(`admin.content.status.${status}`) }))}
            value={store.status}
            onChange={(status) => store.setStatus(status)}
            testId="content-status-filter"
          />
        )}
        {store.kind === 'term' && (
          <FilterTabs
            label={t('admin.term.kindLabel')}
            options={[{ value: 'all', label: t('admin.term.allKinds') }, ...TERM_KINDS.map((kind) => ({ value: kind, label: t(`admin.term.kind.${kind}`) }))]}
            value={store.termKind ?? 'all'}
            onChange={(kind) => store.setTermKind(kind === 'all' ? null : kind)}
            testId="term-kind-filter"
          />
        )}
      </div>
      <BulkBar store={store} />
      <ContentTable store={store} onEdit={edit} />
      <ProductForm productId={kindParam === 'product' ? editing : null} onClose={closeForm} onSaved={saved('product')} />
      <NodeForm kind={nodeKind} nodeId={kindParam === 'node' || kindParam === 'category' ? editing : null} onClose={closeForm} onSaved={saved(nodeKind)} />
      <TermForm termId={kindParam === 'term' ? editing : null} onClose={closeForm} onSaved={saved('term')} />
    </div>
  );
});

export default Content;
