/** The account pages' shared styles (the wallet screens' look). */
export {
  CARD,
  FIELD,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../Wallet/buttons';

export const LABEL = 'text-xs font-medium text-zinc-500 dark:text-zinc-400';
export const ERROR_TEXT = 'text-xs text-rose-600 dark:text-rose-400';
export const CHIP =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.6875rem] font-medium ring-1 ring-inset';
export const LINK_BUTTON =
  'inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-zinc-600 transition hover:bg-zinc-100 disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800';
