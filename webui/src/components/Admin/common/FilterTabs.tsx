export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

export interface FilterTabsProps<V extends string> {
  /** What the options choose between, for screen readers. */
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
  onChange: (value: V) => void;
  testId?: string;
}

/** A row of mutually exclusive filters (all, admins, banned…); it scrolls sideways on a narrow screen. */
export function FilterTabs<V extends string>({ label, options, value, onChange, testId }: FilterTabsProps<V>) {
  return (
    <div
      role="tablist"
      aria-label={label}
      data-testid={testId}
      className="flex max-w-full gap-1 self-start overflow-x-auto rounded-full bg-zinc-100 p-1 dark:bg-zinc-800"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          data-value={option.value}
          onClick={() => onChange(option.value)}
          className="shrink-0 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-medium text-zinc-600 transition aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:aria-selected:bg-zinc-900 dark:aria-selected:text-white"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
