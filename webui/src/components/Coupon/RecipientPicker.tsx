import { Loader2, Search, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../api/wire.gen';
import { useStores } from '../../stores/StoresContext';
import { UserAvatar } from '../User/UserAvatar';

/** How long typing pauses before members are searched. */
export const RECIPIENT_SEARCH_DEBOUNCE_MS = 400;
const RESULTS = 8;

/**
 * Chooses the member a coupon goes to: members found by name or slug (search.user, as the search
 * overlay finds them), the viewer left out; the chosen one shows as a chip that can be cleared.
 */
export const RecipientPicker = observer(function RecipientPicker({
  value,
  onChange,
}: {
  value: Summary | null;
  onChange(member: Summary | null): void;
}) {
  const { client, auth } = useStores();
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [results, setResults] = useState<Summary[]>([]);
  const [searching, setSearching] = useState(false);
  const viewerId = auth.viewer?.data.databaseId;

  useEffect(() => {
    const needle = key.trim();
    if (!needle) {
      setResults([]);
      setSearching(false);
      return;
    }
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      void client.call('search.user', { key: needle, first: RESULTS }).then((result) => {
        if (!live) return;
        setSearching(false);
        setResults(result.ok ? (result.data.users?.nodes ?? []).filter((member) => member.databaseId !== viewerId) : []);
      });
    }, RECIPIENT_SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, key, viewerId]);

  if (value) {
    return (
      <div className="flex items-center gap-2 rounded-xl bg-zinc-100 px-2 py-1.5 text-sm dark:bg-zinc-800" data-testid="coupon-recipient">
        <UserAvatar user={value} size="sm" className="!size-6" />
        <span className="min-w-0 flex-1 truncate font-medium">{value.name}</span>
        <button
          type="button"
          onClick={() => onChange(null)}
          aria-label={t('coupon.gift.clear')}
          className="rounded-full p-1 text-zinc-500 hover:bg-zinc-200 dark:hover:bg-zinc-700"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="flex h-10 items-center gap-2 rounded-xl border border-zinc-200 px-3 dark:border-zinc-700">
        <Search className="size-4 text-zinc-400" aria-hidden />
        <input
          value={key}
          onChange={(event) => setKey(event.target.value)}
          placeholder={t('coupon.gift.search')}
          aria-label={t('coupon.gift.search')}
          data-testid="coupon-recipient-search"
          className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none"
        />
        {searching && <Loader2 className="size-4 animate-spin text-zinc-400" aria-hidden />}
      </div>
      {key.trim() && !searching && (
        <ul role="listbox" aria-label={t('coupon.gift.results')} className="max-h-48 overflow-y-auto rounded-xl p-1 ring-1 ring-zinc-200 dark:ring-zinc-700">
          {results.map((member) => (
            <li key={member.databaseId} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => {
                  onChange(member);
                  setKey('');
                }}
                className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <UserAvatar user={member} size="sm" className="!size-6" />
                <span className="min-w-0 flex-1 truncate">{member.name}</span>
                {member.gqSlug && <span className="truncate text-xs text-zinc-400">@{member.gqSlug}</span>}
              </button>
            </li>
          ))}
          {results.length === 0 && <li className="px-3 py-3 text-center text-xs text-zinc-500">{t('coupon.gift.noMember')}</li>}
        </ul>
      )}
    </div>
  );
});
