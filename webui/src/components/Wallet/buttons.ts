/** The wallet screens' button styles. */
export const PRIMARY_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white transition hover:bg-zinc-700 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200';
export const SECONDARY_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-zinc-700 ring-1 ring-zinc-200 transition hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800';
export const FIELD =
  'h-10 rounded-xl border border-zinc-200 bg-white px-3 text-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-900';
export const CARD = 'rounded-2xl bg-white p-4 ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10';
