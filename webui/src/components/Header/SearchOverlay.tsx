import { Eye, Heart, MessageCircle, Search, SearchX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import type { SearchResult } from '../../stores/SearchStore';
import { abbreviate } from '../../utils/number';
import { LocalizedLink } from '../common/LocalizedLink';
import { EmptyState } from '../Feedback/EmptyState';
import { Sheet } from '../Overlay/Sheet';

/** The search overlay, titled 'search results'; it closes after every page transition. */
export const SearchOverlay = observer(function SearchOverlay() {
  const { ui, search } = useStores();
  const { t } = useTranslation();
  const open = ui.isOpen('search');
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => ui.setOpen('search', next)}
      title={t('common.search.title')}
      side="top"
    >
      <div className="p-4">
        <label className="flex items-center gap-2 rounded-xl bg-zinc-100 px-3 focus-within:ring-2 focus-within:ring-brand-500 dark:bg-zinc-800">
          <Search className="size-4 text-zinc-500" aria-hidden />
          <input
            autoFocus
            type="search"
            value={search.key}
            onChange={(event) => search.setKey(event.target.value)}
            placeholder={t('common.search.placeholder')}
            aria-label={t('common.header.search')}
            className="h-11 w-full bg-transparent text-sm outline-none placeholder:text-zinc-400"
          />
        </label>
        <div className="mt-4">
          <SearchBody />
        </div>
      </div>
    </Sheet>
  );
});

const SearchBody = observer(function SearchBody() {
  const { search } = useStores();
  const { t } = useTranslation();
  if (search.status === 'idle') return <EmptyState icon={Search} title={t('common.search.enterKeyword')} />;
  if (search.status === 'searching') {
    return <p className="py-10 text-center text-sm text-zinc-500">{t('common.search.searching')}</p>;
  }
  if (search.results.length === 0) return <EmptyState icon={SearchX} title={t('common.search.noResults')} />;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {search.results.map((result) => (
        <SearchRow key={result.id} result={result} />
      ))}
    </ul>
  );
});

function SearchRow({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const image = result.featuredImage?.node?.sourceUrl;
  const stats = [
    { icon: Eye, label: t('common.search.views', { count: result.viewsCache ?? 0 }), value: result.viewsCache ?? 0 },
    { icon: Heart, label: t('common.search.likes', { count: result.likeCount ?? 0 }), value: result.likeCount ?? 0 },
    {
      icon: MessageCircle,
      label: t('common.search.comments', { count: result.commentCount ?? 0 }),
      value: result.commentCount ?? 0,
    },
  ];
  return (
    <li>
      <LocalizedLink to={result.gqSlug} className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
        {image && <img src={image} alt="" className="size-12 shrink-0 rounded-lg object-cover" />}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{result.title}</p>
          <p className="mt-1 flex gap-3 text-xs text-zinc-500">
            {stats.map(({ icon: Icon, label, value }) => (
              <span key={label} className="inline-flex items-center gap-1" title={label} aria-label={label}>
                <Icon className="size-3.5" aria-hidden />
                {abbreviate(value)}
              </span>
            ))}
          </p>
        </div>
      </LocalizedLink>
    </li>
  );
}
