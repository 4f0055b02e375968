import ChevronDown from 'lucide-react/icons/chevron-down';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { localize, type MenuItem } from '../../models/settings';
import { DeferredTrigger } from '../../routing/deferred';
import { LocalizedLink } from '../common/LocalizedLink';
import { shellPart } from '../Layout/shellParts';

const ITEM =
  'inline-flex items-center gap-1 rounded-full px-3 py-1.5 opacity-85 transition hover:bg-zinc-900/5 hover:opacity-100 dark:hover:bg-white/10';

/** One entry of the header menu: a link, or a drop-down of its sub-menu (its chunk loads on hover, focus or idle). */
export function HeaderMenuItem({ item }: { item: MenuItem }) {
  const { i18n } = useTranslation();
  if (!item.children?.length) {
    return (
      <LocalizedLink to={item.url || '/'} className={ITEM}>
        {localize(item.label, i18n.language)}
      </LocalizedLink>
    );
  }
  return (
    <DeferredTrigger part={shellPart} openOn="pointerdown" shell={(handlers) => <HeaderDropdownButton item={item} {...handlers} />}>
      {({ HeaderDropdown }, start) => <HeaderDropdown item={item} start={start} />}
    </DeferredTrigger>
  );
}

/** The trigger of a drop-down entry, the same before and after the drop-down's chunk loads. */
export function HeaderDropdownButton({ item, ...props }: { item: MenuItem } & ComponentProps<'button'>) {
  const { i18n } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      {...props}
      className={`${ITEM} data-[state=open]:bg-zinc-900/5 dark:data-[state=open]:bg-white/10`}
    >
      {localize(item.label, i18n.language)}
      <ChevronDown className="size-3.5 opacity-60" aria-hidden />
    </button>
  );
}

export const MENU_PANEL =
  'z-50 min-w-44 rounded-xl bg-white p-1.5 text-sm text-zinc-800 shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10';

export const MENU_ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';
