import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestClient } from '../../../api/client';
import type { ArticlesProps } from '../../../models/builder';
import { EmptyState } from '../../Feedback/EmptyState';
import { Masonry } from '../../common/Masonry';
import { BlockTitle } from './BlockTitle';
import { useBlockClient, useBlockContext, useBlockText } from './context';
import { useBlockItems } from './useBlockItems';

const GUTTER_PX = 16;
/** Skeleton cards shown while a list loads, at most. */
const MAX_SKELETONS = 4;

export interface ListBlockProps<T, I> {
  kind: 'articles' | 'topics' | 'products';
  /** The block's settings: its title, view, columns and item count. */
  props: Pick<ArticlesProps, 'title' | 'view' | 'columns' | 'count'>;
  /** What the block asks for; a change reads the items again. */
  input: I;
  /** Reads the items for `input`; resolves to null when the request failed. */
  fetchItems(client: RequestClient, input: I): Promise<T[] | null>;
  icon: LucideIcon;
  /** i18n key of the title shown when there are no items. */
  emptyKey: string;
  /** i18n key of the title shown when the items could not be read. */
  errorKey: string;
  /** One item, keyed. */
  renderItem(item: T): ReactNode;
}

function Skeletons({ count, columns }: { count: number; columns: number }) {
  const { t } = useTranslation();
  const shown = Math.max(1, Math.min(count, MAX_SKELETONS));
  return (
    <div role="status" aria-label={t('page.blocks.loading')} className="grid gap-4" style={{ gridTemplateColumns: `repeat(${Math.min(columns, shown)}, minmax(0, 1fr))` }}>
      {Array.from({ length: shown }, (_, index) => (
        <div key={index} data-testid="block-skeleton" className="h-40 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-800" />
      ))}
    </div>
  );
}

/**
 * A list block (articles, topics, products): reads its items once it comes near the screen, then
 * shows its title and skeletons, the items as a list, cards or masonry, or an empty or error state.
 */
export function ListBlock<T, I>({ kind, props, input, fetchItems, icon, emptyKey, errorKey, renderItem }: ListBlockProps<T, I>) {
  const client = useBlockClient();
  const { lang, currency } = useBlockContext();
  const { t } = useTranslation();
  const text = useBlockText();
  const { view, columns, count } = props;
  const { ref, state, retry } = useBlockItems<T>(JSON.stringify([input, lang, currency]), () => fetchItems(client, input));
  const cols = Math.max(1, Math.min(4, Math.floor(columns) || 1));
  let body: ReactNode;
  if (state.status === 'idle' || state.status === 'loading') {
    body = <Skeletons count={count} columns={view === 'list' ? 1 : cols} />;
  } else if (state.status === 'error') {
    body = (
      <EmptyState icon={icon} title={t(errorKey)}>
        <button type="button" onClick={retry} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  } else if (state.items.length === 0) {
    body = <EmptyState icon={icon} title={t(emptyKey)} />;
  } else if (view === 'masonry') {
    body = (
      <Masonry columns={cols} gutter={GUTTER_PX} breakpoints={cols > 1 ? { 480: 1 } : undefined}>
        {state.items.map(renderItem)}
      </Masonry>
    );
  } else {
    body = (
      <div className="grid gap-4" style={{ gridTemplateColumns: `repeat(${view === 'list' ? 1 : cols}, minmax(0, 1fr))` }}>
        {state.items.map(renderItem)}
      </div>
    );
  }
  return (
    <section ref={ref} data-testid={`block-${kind}`} data-view={view}>
      <BlockTitle title={text(props.title)} />
      {body}
    </section>
  );
}
