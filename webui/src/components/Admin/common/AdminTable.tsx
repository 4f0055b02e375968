import type { LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { EmptyState } from '../../Feedback/EmptyState';
import { SmallSpinner } from '../../common/SmallSpinner';

/** One column of an admin table. */
export interface AdminColumn<T> {
  key: string;
  /** The column's heading; on a phone, the label in front of the value. */
  header: string;
  /** Its grid track on a wide screen ("minmax(0,2fr)", "7rem"); default an equal share. */
  width?: string;
  cell: (row: T) => ReactNode;
  /** Hides the label in front of the value on a phone (a name cell that speaks for itself). */
  bare?: boolean;
}

/** Checkboxes in front of the rows, for bulk operations. */
export interface AdminTableSelection<T> {
  selected: ReadonlySet<string>;
  onToggle: (key: string, row: T) => void;
  /** Selects every row shown (true) or none (false). */
  onToggleAll: (all: boolean) => void;
  /** The accessible name of a row's checkbox ("Select …"). */
  rowLabel: (row: T) => string;
}

export interface AdminTableProps<T> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly AdminColumn<T>[];
  /** The first page is on its way. */
  loading: boolean;
  /** More rows wait on the server: the end of the list asks for them. */
  hasMore: boolean;
  onEndReached: () => void;
  onRowClick?: (row: T) => void;
  /** Marks a row as the one open (its panel is showing). */
  activeKey?: string;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  selection?: AdminTableSelection<T>;
  testId?: string;
  rowTestId?: string;
}

const CHECKBOX = 'size-4 shrink-0 accent-zinc-900 dark:accent-white';

/**
 * A virtualized table that scrolls with the page and asks for more rows at its end. On a wide
 * screen its rows are grid lines under a heading; on a phone (below 768 px) each row stacks its
 * cells, each with its column's label.
 */
export const AdminTable = observer(function AdminTable<T>(props: AdminTableProps<T>) {
  const { label, rows, rowKey, columns, loading, hasMore, onEndReached, onRowClick, activeKey, emptyIcon, emptyTitle, selection, testId, rowTestId } = props;
  const { t } = useTranslation();
  const tracks = `${selection ? '1.5rem ' : ''}${columns.map((column) => column.width ?? 'minmax(0,1fr)').join(' ')}`;
  const gridStyle = { '--admin-cols': tracks } as CSSProperties;
  const rowGrid = 'grid grid-cols-1 gap-x-4 gap-y-1 md:items-center md:[grid-template-columns:var(--admin-cols)]';

  if (loading && rows.length === 0) {
    return (
      <div className="grid h-40 place-items-center" data-testid={testId}>
        <SmallSpinner />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div data-testid={testId}>
        <EmptyState icon={emptyIcon} title={emptyTitle} />
      </div>
    );
  }
  const allSelected = selection !== undefined && rows.every((row) => selection.selected.has(rowKey(row)));
  return (
    <div role="table" aria-label={label} data-testid={testId} className="rounded-2xl bg-white ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
      {/* On a phone the headings are beside each value; the row stays for a select-all box. */}
      <div role="rowgroup" className={selection ? 'block' : 'hidden md:block'}>
        <div role="row" style={gridStyle} className={`${rowGrid} border-b border-zinc-100 px-4 py-2.5 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:text-zinc-400`}>
          {selection && (
            <label role="columnheader" className="flex items-center gap-2.5">
              <input
                type="checkbox"
                className={CHECKBOX}
                aria-label={t('admin.frame.selectAll')}
                checked={allSelected}
                onChange={(event) => selection.onToggleAll(event.target.checked)}
              />
              <span className="md:hidden" aria-hidden>
                {t('admin.frame.selectAll')}
              </span>
            </label>
          )}
          {columns.map((column) => (
            <span key={column.key} role="columnheader" className="hidden truncate md:block">
              {column.header}
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup">
        <Virtuoso<T>
          useWindowScroll
          data={rows as T[]}
          computeItemKey={(_, row) => rowKey(row)}
          endReached={() => {
            if (hasMore) onEndReached();
          }}
          increaseViewportBy={400}
          itemContent={(_, row) => {
            const key = rowKey(row);
            return (
              <div
                role="row"
                style={gridStyle}
                data-testid={rowTestId}
                data-key={key}
                aria-current={activeKey === key ? 'true' : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                          event.preventDefault();
                          onRowClick(row);
                        }
                      }
                    : undefined
                }
                className={`${rowGrid} border-b border-zinc-100 px-4 py-3 text-sm last:border-b-0 dark:border-zinc-800 ${
                  onRowClick ? 'cursor-pointer transition hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60' : ''
                } aria-[current=true]:bg-brand-50 dark:aria-[current=true]:bg-brand-500/10`}
              >
                {selection && (
                  <span role="cell" onClick={(event) => event.stopPropagation()}>
                    <input
                      type="checkbox"
                      className={CHECKBOX}
                      aria-label={selection.rowLabel(row)}
                      checked={selection.selected.has(key)}
                      onChange={() => selection.onToggle(key, row)}
                    />
                  </span>
                )}
                {columns.map((column) => (
                  <div key={column.key} role="cell" className="flex min-w-0 items-baseline gap-2 md:block">
                    {!column.bare && <span className="w-24 shrink-0 text-xs text-zinc-500 md:hidden dark:text-zinc-400">{column.header}</span>}
                    <div className="min-w-0 flex-1 md:truncate">{column.cell(row)}</div>
                  </div>
                ))}
              </div>
            );
          }}
          components={{
            // The end of the list asks for more by itself; the button is for a keyboard or a
            // list too short to scroll.
            Footer: () =>
              hasMore ? (
                <div className="flex h-12 items-center justify-center">
                  <button type="button" onClick={onEndReached} className="rounded-full px-3 py-1.5 text-xs font-medium text-zinc-500 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800">
                    {t('admin.frame.loadMore')}
                  </button>
                </div>
              ) : null,
          }}
        />
      </div>
    </div>
  );
}) as <T>(props: AdminTableProps<T>) => ReactNode;
