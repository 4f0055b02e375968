import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useTranslation } from 'react-i18next';
import { localize, type MenuItem } from '../../models/settings';
import type { DeferredStart } from '../../routing/deferred';
import { LocalizedLink } from '../common/LocalizedLink';
import { HeaderDropdownButton, MENU_ITEM, MENU_PANEL } from './HeaderMenu';

/** A header menu entry with a sub-menu: a drop-down (its own chunk: see HeaderMenuItem). */
export function HeaderDropdown({ item, start }: { item: MenuItem; start: DeferredStart }) {
  const { i18n } = useTranslation();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={start.defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <HeaderDropdownButton item={item} autoFocus={start.autoFocus} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={8} align="start" className={MENU_PANEL}>
          {item.children?.map((child, index) => (
            <SubMenuItem key={`${child.url}-${index}`} item={child} lang={i18n.language} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

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
