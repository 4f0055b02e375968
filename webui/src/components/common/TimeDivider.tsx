/** The centred date and time shown between two entries of a list far apart in time (SPEC §9). */
export function TimeDivider({ at, lang, testId = 'time-divider' }: { at: number; lang: string; testId?: string }) {
  const date = new Date(at);
  const label = date.toLocaleString(lang, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (
    <div role="separator" data-testid={testId} className="flex items-center gap-3 px-4 py-2 text-[11px] text-zinc-400 dark:text-zinc-500">
      <span className="h-px flex-1 bg-zinc-200/70 dark:bg-zinc-800" />
      <time dateTime={date.toISOString()}>{label}</time>
      <span className="h-px flex-1 bg-zinc-200/70 dark:bg-zinc-800" />
    </div>
  );
}
