import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from './useDebouncedValue';

export interface SearchBoxProps {
  /** The text searched for now (the store's query). */
  value: string;
  /** Called with the text once the typing pauses, or at once on Enter or clear. */
  onSearch: (query: string) => void;
  placeholder: string;
  testId?: string;
}

/** A search field that searches when the typing pauses (debounced), on Enter, and when cleared. */
export function SearchBox({ value, onSearch, placeholder, testId }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  // The latest callback, so a new closure from the parent does not restart the debounce.
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    if (settled.trim() !== value) search.current(settled.trim());
    // Only a settled change of the text searches; `value` changing from outside must not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <form
      role="search"
      className="relative min-w-0 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        search.current(text.trim());
      }}
    >
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        data-testid={testId}
        className="h-10 w-full rounded-xl border border-zinc-200 bg-white pl-9 pr-9 text-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={t('admin.frame.clearSearch')}
          onClick={() => {
            setText('');
            search.current('');
          }}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </form>
  );
}
