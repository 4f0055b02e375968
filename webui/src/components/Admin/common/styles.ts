/**
 * The admin screens' control styles: the wallet screens' buttons and fields (one look across the
 * site), plus the few the console adds.
 */
export { CARD, FIELD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../Wallet/buttons';

export const DANGER_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full bg-red-600 px-4 py-2 text-sm font-medium text-white transition hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50';
/** A small text button inside a row or a card (revoke, copy, open). */
export const SMALL_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-medium text-zinc-700 ring-1 ring-zinc-200 transition hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800';
/** A field's label above it. */
export const LABEL = 'flex flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300';
/** A pill beside a name (admin, banned, VIP). */
export const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-[0.6875rem] font-medium';
