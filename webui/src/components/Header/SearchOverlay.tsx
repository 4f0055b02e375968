import { Eye, Heart, MessageCircle, Search, SearchX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStores } from '../../stores/StoresContext';
import { SEARCH_KEY_MAX, type SearchMember, type SearchResult } from '../../stores/SearchStore';
import { abbreviate } from '../../utils/number';
import { localizePath, profilePath, toLang } from '../../utils/links';
import { LocalizedLink } from '../common/LocalizedLink';
import { SmallSpinner } from '../common/SmallSpinner';
import { EmptyState } from '../Feedback/EmptyState';
import { Sheet } from '../Overlay/Sheet';
import { UserAvatar } from '../User/UserAvatar';

/**
 * The search overlay, titled 'search results': content and members a second after the last
 * keystroke, arrow keys move through the rows and Enter opens one. It closes after every page
 * transition (RouteEffects).
 */
export const SearchOverlay = observer(function SearchOverlay() {
  const { ui } = useStores();
  const { t } = useTranslation();
  const open = ui.isOpen('search');
  const listId = useId();
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => ui.setOpen('search', next)}
      title={t('common.search.title')}
      description={t('common.search.keyboardHint')}
      side="top"
    >
      <div className="flex min-h-0 flex-col p-4">
        <SearchInput listId={listId} />
        <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
          <SearchBody listId={listId} />
        </div>
      </div>
    </Sheet>
  );
});

/** The DOM id of a row, for aria-activedescendant. */
const rowId = (listId: string, itemId: string) => `${listId}-${itemId}`;

const SearchInput = observer(function SearchInput({ listId }: { listId: string }) {
  const { search } = useStores();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const active = search.activeItem;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        search.moveActive(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        event.preventDefault();
        if (active) navigate(localizePath(active.path, active.lang ?? toLang(i18n.language)));
        else search.searchNow();
        break;
    }
  };

  return (
    <label className="flex items-center gap-2 rounded-xl bg-zinc-100 px-3 focus-within:ring-2 focus-within:ring-brand-500 dark:bg-zinc-800">
      <Search className="size-4 text-zinc-500" aria-hidden />
      <input
        autoFocus
        type="search"
        role="combobox"
        aria-expanded={search.items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? rowId(listId, active.id) : undefined}
        maxLength={SEARCH_KEY_MAX}
        value={search.key}
        onChange={(event) => search.setKey(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('common.search.placeholder')}
        aria-label={t('common.header.search')}
        className="h-11 w-full bg-transparent text-sm outline-none placeholder:text-zinc-400"
      />
      {search.status === 'searching' && <SmallSpinner />}
    </label>
  );
});

const SearchBody = observer(function SearchBody({ listId }: { listId: string }) {
  const { search } = useStores();
  const { t } = useTranslation();
  const activeId = search.activeItem?.id;
  useEffect(() => {
    if (activeId) document.getElementById(rowId(listId, activeId))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId, listId]);

  if (search.status === 'idle') return <EmptyState icon={Search} title={t('common.search.enterKeyword')} />;
  if (search.status === 'searching') {
    return <p className="py-10 text-center text-sm text-zinc-500">{t('common.search.searching')}</p>;
  }
  if (search.status === 'failed' || search.isEmpty) {
    return <EmptyState icon={SearchX} title={t('common.search.noResults')} />;
  }
  const results = search.results;
  return (
    <div id={listId} role="listbox" aria-label={t('common.search.title')} className="space-y-4">
      {results.length > 0 && (
        <section aria-label={t('common.search.posts')}>
          <ul role="presentation" className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {results.map((result, index) => (
              <ResultRow key={`${result.kind}-${result.id}`} result={result} index={index} listId={listId} />
            ))}
          </ul>
          {search.hasNextPage && (
            <button
              type="button"
              onClick={() => void search.loadMore()}
              disabled={search.isLoadingMore}
              className="mt-2 w-full rounded-lg py-2 text-sm font-medium text-brand-700 hover:bg-zinc-50 disabled:opacity-60 dark:text-brand-400 dark:hover:bg-zinc-800/60"
            >
              {t('common.search.loadMore')}
            </button>
          )}
        </section>
      )}
      {search.members.length > 0 && (
        <section aria-label={t('common.search.members')}>
          <h3 className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">{t('common.search.members')}</h3>
          <ul role="presentation" className="grid gap-1 sm:grid-cols-2">
            {search.members.map((user, index) => (
              <MemberRow key={user.id} user={user} index={results.length + index} listId={listId} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
});

/** The classes of a row, highlighted when the keyboard is on it. */
function rowClass(active: boolean) {
  return `flex items-center gap-3 rounded-lg px-2 py-3 ${
    active ? 'bg-zinc-100 dark:bg-zinc-800' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/60'
  }`;
}

const ResultRow = observer(function ResultRow({ result, index, listId }: { result: SearchResult; index: number; listId: string }) {
  const { search, ui } = useStores();
  const { t } = useTranslation();
  const image = result.featuredImage?.node?.sourceUrl;
  const active = search.activeIndex === index;
  const stats = [
    { icon: Eye, label: t('common.search.views', { count: result.viewsCache }), value: result.viewsCache },
    { icon: Heart, label: t('common.search.likes', { count: result.likeCount }), value: result.likeCount },
    { icon: MessageCircle, label: t('common.search.comments', { count: result.commentCount }), value: result.commentCount },
  ];
  return (
    <li role="presentation">
      <LocalizedLink
        to={result.uri}
        lang={result.lang ? toLang(result.lang) : undefined}
        id={rowId(listId, search.items[index].id)}
        role="option"
        aria-selected={active}
        onMouseEnter={() => search.setActive(index)}
        onClick={() => ui.close('search')}
        className={rowClass(active)}
      >
        {image && <img src={image} alt="" className="size-12 shrink-0 rounded-lg object-cover" />}
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2">
            <span className="shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-[0.65rem] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
              {t(`common.search.kind.${result.kind}`, { defaultValue: '' })}
            </span>
            <span className="truncate font-medium">{result.title}</span>
          </p>
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
});

const MemberRow = observer(function MemberRow({ user, index, listId }: { user: SearchMember; index: number; listId: string }) {
  const { search, ui } = useStores();
  const active = search.activeIndex === index;
  return (
    <li role="presentation">
      <LocalizedLink
        to={profilePath(user)}
        id={rowId(listId, search.items[index].id)}
        role="option"
        aria-selected={active}
        onMouseEnter={() => search.setActive(index)}
        onClick={() => ui.close('search')}
        className={rowClass(active)}
      >
        <UserAvatar user={user} size="sm" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{user.name || user.gqSlug}</span>
          {user.gqSlug && <span className="block truncate text-xs text-zinc-500">@{user.gqSlug}</span>}
        </span>
      </LocalizedLink>
    </li>
  );
});
