import { X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticlesProps, ListView, TopicsProps } from '../../models/builder';
import type { RefKind } from '../../stores/builder/BuilderRefs';
import { useBuilder } from './context';
import { ICON_BUTTON, INPUT, Labeled, LangTextField, NumberInput, SelectInput, SMALL_BUTTON } from './fields';

/** The most hand-picked items a list block holds. */
export const PICKED_MAX = 20;

type ListKind = 'articles' | 'topics' | 'products';
type ListProps = ArticlesProps | TopicsProps;

const SOURCES: Record<ListKind, ListProps['source'][]> = {
  articles: ['latest', 'category', 'tag', 'picked'],
  topics: ['latest', 'node', 'picked'],
  products: ['latest', 'category', 'tag', 'picked'],
};

/** What a list block's ref, and its picked ids, are chosen from. */
function refKind(kind: ListKind, source: ListProps['source']): RefKind | null {
  if (source === 'node') return 'node';
  if (source === 'category') return kind === 'products' ? 'shopCategory' : 'articleCategory';
  if (source === 'tag') return kind === 'products' ? 'shopTag' : 'articleTag';
  return null;
}

const ITEM_KIND: Record<ListKind, RefKind> = { articles: 'article', topics: 'topic', products: 'product' };

/** The fields of articles, topics and products blocks: source, ref or picked ids, view, count, columns. */
export const ListBlockFields = observer(function ListBlockFields({ kind, props, change }: { kind: ListKind; props: ListProps; change: (next: Partial<ListProps>, key?: string) => void }) {
  const { refs } = useBuilder();
  const { t } = useTranslation();
  useEffect(() => {
    void refs.load();
  }, [refs]);
  const ref = refKind(kind, props.source);
  const refId = useId();
  return (
    <>
      <LangTextField label={t('page.builder.field.title')} value={props.title} onChange={(title) => change({ title }, 'title')} />
      <SelectInput
        label={t('page.builder.list.source')}
        value={props.source}
        options={SOURCES[kind].map((source) => ({ value: source, label: t(`page.builder.list.sources.${source}`) }))}
        onChange={(source) => change({ source: source as never, ref: '' })}
      />
      {ref && (
        <Labeled label={t(`page.builder.list.refs.${ref}`)} htmlFor={refId}>
          <select id={refId} value={props.ref} onChange={(event) => change({ ref: event.target.value })} className={INPUT}>
            <option value="">{t('page.builder.list.pick')}</option>
            {props.ref && !refs.label(ref, props.ref) && <option value={props.ref}>#{props.ref}</option>}
            {refs.options[ref].map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </Labeled>
      )}
      {props.source === 'picked' && <PickedIds kind={ITEM_KIND[kind]} ids={props.ids} onChange={(ids) => change({ ids })} />}
      <SelectInput<ListView>
        label={t('page.builder.list.view')}
        value={props.view}
        options={(['list', 'cards', 'masonry'] as const).map((view) => ({ value: view, label: t(`page.builder.list.views.${view}`) }))}
        onChange={(view) => change({ view })}
      />
      <div className="grid grid-cols-2 gap-2">
        {props.source !== 'picked' && <NumberInput label={t('page.builder.list.count')} value={props.count} min={1} max={20} onChange={(count) => change({ count }, 'count')} />}
        {props.view !== 'list' && <NumberInput label={t('page.builder.list.columns')} value={props.columns} min={1} max={4} onChange={(columns) => change({ columns }, 'columns')} />}
      </div>
    </>
  );
});

/** Hand-picked items: chosen from the newest ones read, or ids pasted in (comma or space separated). */
const PickedIds = observer(function PickedIds({ kind, ids, onChange }: { kind: RefKind; ids: string[]; onChange: (ids: string[]) => void }) {
  const { refs } = useBuilder();
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const add = (more: string[]) => onChange([...ids, ...more.filter((id) => !ids.includes(id))].slice(0, PICKED_MAX));
  const matches = query.trim()
    ? refs.options[kind].filter((option) => !ids.includes(option.id) && option.label.toLowerCase().includes(query.trim().toLowerCase())).slice(0, 8)
    : [];
  const pasted = query.split(/[\s,]+/).filter((part) => /^\d+$/.test(part));
  return (
    <Labeled label={t('page.builder.list.picked', { count: ids.length, max: PICKED_MAX })} htmlFor={inputId}>
      <ol className="space-y-1">
        {ids.map((id) => (
          <li key={id} className="flex items-center gap-1 rounded-md bg-zinc-50 px-2 py-1 text-sm dark:bg-zinc-800/50">
            <span className="min-w-0 flex-1 truncate">{refs.label(kind, id) ?? `#${id}`}</span>
            <button type="button" className={ICON_BUTTON} aria-label={t('page.builder.list.unpick')} onClick={() => onChange(ids.filter((held) => held !== id))}>
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <div className="flex gap-1">
        <input id={inputId} value={query} placeholder={t('page.builder.list.searchOrIds')} onChange={(event) => setQuery(event.target.value)} className={INPUT} />
        {pasted.length > 0 && (
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => {
              add(pasted);
              setQuery('');
            }}
          >
            {t('page.builder.list.addIds')}
          </button>
        )}
      </div>
      {matches.length > 0 && (
        <ul className="rounded-lg ring-1 ring-zinc-200 dark:ring-zinc-700">
          {matches.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className="w-full truncate px-2 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
                onClick={() => {
                  add([option.id]);
                  setQuery('');
                }}
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Labeled>
  );
});
