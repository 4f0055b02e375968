import { ExternalLink, FileX, Pencil } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AdminContentRow, ContentKind } from '../../../api/adminContent';
import { useStores } from '../../../stores/StoresContext';
import type { ContentAdminStore } from '../../../stores/admin/ContentAdminStore';
import { formatDateTime } from '../../../utils/dates';
import { AdminTable, type AdminColumn } from '../common/AdminTable';
import { BADGE } from '../common/styles';
import { detailsOf, valueKey } from './details';

const LINK = 'inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-400';

/** A row's title, excerpt, and why the last bulk operation left it as it was. */
const TitleCell = observer(function TitleCell({ store, row }: { store: ContentAdminStore; row: AdminContentRow }) {
  const { t } = useTranslation();
  const failure = store.failures.get(row.id);
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="truncate font-medium text-zinc-900 dark:text-zinc-100" data-testid="content-title">
        {row.title || t('admin.content.untitled')}
      </span>
      {row.excerpt && <span className="line-clamp-1 text-xs text-zinc-500 dark:text-zinc-400">{row.excerpt}</span>}
      {failure && (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400" data-testid="content-failure">
          {failure}
        </span>
      )}
    </div>
  );
});

/** A row's details: its language and the kind's fields worth reading (a coupon's code and status, a product's price). */
const Details = observer(function Details({ row, kind }: { row: AdminContentRow; kind: ContentKind }) {
  const { settings } = useStores();
  const { t } = useTranslation();
  const pairs = detailsOf(row, kind, (code) => settings.currencyEntry(code)?.symbol ?? `${code} `);
  if (pairs.length === 0) return <span className="text-zinc-400">—</span>;
  const translated = (key: string, value: string) => {
    const valueKeyOf = valueKey(kind, key, value);
    return valueKeyOf ? t(valueKeyOf, { defaultValue: value }) : value;
  };
  return (
    <span className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-300">
      {pairs.map(([key, value]) => (
        <span key={key} className="truncate">
          <span className="text-zinc-400">{t(`admin.content.extra.${key}`)}:</span> {translated(key, value)}
        </span>
      ))}
    </span>
  );
});

/** The content of one kind, virtualized, with checkboxes for the bulk operations and the open and edit links. */
/** The kinds the console edits in its own forms rather than at the row's editUrl. */
export const FORM_KINDS = ['product', 'node', 'category', 'term'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

const EDIT_TEST_ID: Record<FormKind, string> = { product: 'product-edit', node: 'node-edit', category: 'node-edit', term: 'term-edit' };

function isFormKind(kind: string): kind is FormKind {
  return (FORM_KINDS as readonly string[]).includes(kind);
}

export const ContentTable = observer(function ContentTable({ store, onEdit }: { store: ContentAdminStore; onEdit?: (kind: FormKind, id: string) => void }) {
  const { t, i18n } = useTranslation();
  const columns: AdminColumn<AdminContentRow>[] = [
    { key: 'title', header: t('admin.content.column.title'), width: 'minmax(0,3fr)', bare: true, cell: (row) => <TitleCell store={store} row={row} /> },
    {
      key: 'author',
      header: t('admin.content.column.author'),
      width: 'minmax(0,1.2fr)',
      cell: (row) => <span className="truncate text-zinc-700 dark:text-zinc-300">{row.author?.name ?? '—'}</span>,
    },
    { key: 'extra', header: t('admin.content.column.details'), width: 'minmax(0,1.5fr)', cell: (row) => <Details row={row} kind={store.kind} /> },
    {
      key: 'status',
      header: t('admin.content.column.status'),
      width: '6.5rem',
      cell: (row) =>
        row.deletedAt ? (
          <span className={`${BADGE} bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300`} data-testid="content-status" data-status="deleted">
            {t('admin.content.status.deleted')}
          </span>
        ) : (
          <span className={`${BADGE} bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300`} data-testid="content-status" data-status="live">
            {t('admin.content.status.live')}
          </span>
        ),
    },
    {
      key: 'updated',
      header: t('admin.content.column.updated'),
      width: '9rem',
      cell: (row) => (
        <time className="text-xs text-zinc-500" dateTime={new Date(row.updatedAt || row.createdAt).toISOString()}>
          {formatDateTime(row.updatedAt || row.createdAt, i18n.language)}
        </time>
      ),
    },
    {
      key: 'links',
      header: t('admin.content.column.links'),
      width: '8rem',
      cell: (row) => (
        <span className="flex gap-3">
          {row.url && !row.deletedAt && (
            <a href={row.url} target="_blank" rel="noopener noreferrer" className={LINK}>
              <ExternalLink className="size-3.5" aria-hidden />
              {t('admin.content.open')}
            </a>
          )}
          {isFormKind(row.kind) && onEdit && !row.deletedAt ? (
            <button type="button" className={LINK} onClick={() => onEdit(row.kind as FormKind, row.id)} data-testid={EDIT_TEST_ID[row.kind as FormKind]}>
              <Pencil className="size-3.5" aria-hidden />
              {t('admin.content.edit')}
            </button>
          ) : row.editUrl && (
            <a href={row.editUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
              <Pencil className="size-3.5" aria-hidden />
              {t('admin.content.edit')}
            </a>
          )}
        </span>
      ),
    },
  ];
  return (
    <AdminTable<AdminContentRow>
      label={t(`admin.content.kind.${store.kind}`)}
      rows={store.rows}
      rowKey={(row) => row.id}
      columns={columns}
      loading={!store.isLoaded}
      hasMore={store.hasNewer}
      onEndReached={() => void store.loadNewer()}
      emptyIcon={FileX}
      emptyTitle={t(`admin.content.empty.${store.status}`)}
      selection={
        store.canBulk
          ? {
              selected: store.selected,
              onToggle: (id) => store.toggle(id),
              onToggleAll: (all) => store.selectAll(all),
              rowLabel: (row) => t('admin.content.select', { title: row.title || row.id }),
            }
          : undefined
      }
      testId="content-table"
      rowTestId="content-row"
    />
  );
});
