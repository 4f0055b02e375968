import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Search } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialCode } from '../../stores/DialCodesStore';
import { useStores } from '../../stores/StoresContext';

export interface DialCodePickerProps {
  /** The dial code the trigger shows ("+86"); empty shows a bare "+". */
  dialCode: string;
  /** Whether a country is the current choice (the login box matches its region, the address form its dial code). */
  isSelected(entry: DialCode): boolean;
  /** The reader picked a country; the picker closes. */
  onSelect(entry: DialCode): void;
  /** The trigger's test id. */
  testId: string;
  /** A trigger one step shorter (h-8 instead of h-9), for fields lower than the login box's. */
  compact?: boolean;
}

/**
 * The country dial-code picker in front of a phone input: a searchable list of the countries of
 * GET /api/countryDialCodes (DialCodesStore) in the page's language. The caller holds the value.
 */
export const DialCodePicker = observer(function DialCodePicker({ dialCode, isSelected, onSelect, testId, compact = false }: DialCodePickerProps) {
  const { dialCodes, locale } = useStores();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  useEffect(() => {
    void dialCodes.fetch(locale.lang);
  }, [dialCodes, locale.lang]);

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return dialCodes.list;
    return dialCodes.list.filter(
      (entry) => entry.name.toLowerCase().includes(needle) || entry.dialCode.includes(needle) || entry.code.toLowerCase() === needle,
    );
  }, [dialCodes.list, query]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <Popover.Trigger
        type="button"
        aria-label={t('common.login.dialCode', { code: dialCode })}
        data-testid={testId}
        className={`ml-1 flex ${compact ? 'h-8' : 'h-9'} shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-zinc-700 transition hover:bg-zinc-200/70 dark:text-zinc-200 dark:hover:bg-zinc-700/60`}
      >
        <span className="tabular-nums">{dialCode || '+'}</span>
        <ChevronDown className="size-3.5 opacity-60" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={10}
          collisionPadding={12}
          className="z-[60] flex max-h-[min(22rem,var(--radix-popover-content-available-height))] w-72 flex-col overflow-hidden rounded-2xl bg-white text-sm text-zinc-800 shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10"
        >
          <div className="flex items-center gap-2 border-b border-zinc-100 px-3 dark:border-zinc-800">
            <Search className="size-4 text-zinc-400" aria-hidden />
            <input
              autoFocus
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('common.login.searchCountry')}
              aria-label={t('common.login.searchCountry')}
              className="h-11 min-w-0 flex-1 bg-transparent outline-none placeholder:text-zinc-400"
            />
          </div>
          <ul role="listbox" aria-label={t('common.login.dialCodes')} className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {matches.map((entry) => {
              const selected = isSelected(entry);
              return (
                <li key={entry.code} role="option" aria-selected={selected}>
                  <button
                    type="button"
                    onClick={() => {
                      onSelect(entry);
                      setOpen(false);
                      setQuery('');
                    }}
                    className="flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
                  >
                    <span aria-hidden className="w-7 shrink-0 rounded bg-zinc-100 text-center text-[0.6875rem] font-medium text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
                      {entry.code}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{entry.name}</span>
                    <span className="tabular-nums text-zinc-500">{entry.dialCode}</span>
                    {selected && <Check className="size-4 text-brand-600" aria-hidden />}
                  </button>
                </li>
              );
            })}
            {matches.length === 0 && <li className="px-3 py-6 text-center text-zinc-500">{t('common.login.noCountry')}</li>}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
