import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localize, type MenuItem } from '../../models/settings';
import { LocalizedLink } from '../common/LocalizedLink';

const ITEM =
  'inline-flex items-center gap-1 rounded-full px-3 py-1.5 opacity-85 transition hover:bg-zinc-900/5 hover:opacity-100 dark:hover:bg-white/10';

/** One entry of the header menu: a link, or a drop-down of its sub-menu. */
export function HeaderMenuItem({ item }: { item: MenuItem }) {
  const { i18n } = useTranslation();
  const label = localize(item.label, i18n.language);
  if (!item.children?.length) {
    return (
      <LocalizedLink to={item.url || '/'} className={ITEM}>
        {label}
      </LocalizedLink>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${ITEM} data-[state=open]:bg-zinc-900/5 dark:data-[state=open]:bg-white/10`}>
        {label}
        <ChevronDown className="size-3.5 opacity-60" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={8} align="start" className={MENU_PANEL}>
          {item.children.map((child, index) => (
            <SubMenuItem key={`${child.url}-${index}`} item={child} lang={i18n.language} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const MENU_PANEL =
  'z-50 min-w-44 rounded-xl bg-white p-1.5 text-sm text-zinc-800 shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10';

export const MENU_ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

function SubMenuItem({ item, lang }: { item: MenuItem; lang: string }) {
  const label = localize(item.label, lang);
  if (item.children?.length) {
    return (
      <DropdownMenu.Sub>
        <DropdownMenu.SubTrigger className={`${MENU_ITEM} justify-between`}>
          {label}
          <ChevronDown className="size-3.5 -rotate-90 opacity-60" aria-hidden />
        </DropdownMenu.SubTrigger>
        <DropdownMenu.Portal>
          <DropdownMenu.SubContent className={MENU_PANEL} sideOffset={6}>
            {item.children.map((child, index) => (
              <SubMenuItem key={`${child.url}-${index}`} item={child} lang={lang} />
            ))}
          </DropdownMenu.SubContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Sub>
    );
  }
  return (
    <DropdownMenu.Item asChild className={MENU_ITEM}>
      <LocalizedLink to={item.url || '/'}>{label}</LocalizedLink>
    </DropdownMenu.Item>
  );
}
