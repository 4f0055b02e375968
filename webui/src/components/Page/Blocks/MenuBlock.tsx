import { useTranslation } from 'react-i18next';
import type { MenuProps } from '../../../models/builder';
import { ScrollMenu } from '../../Layout/ScrollMenu';
import { BlockLink, useBlockText } from './context';

const clamp = (value: unknown, max: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(max, value)) : 0);

/** The scrolling menu (SPEC §2): its links in a row (or a column) that scrolls, with gap, padding and background. */
export function MenuBlock({ props }: { props: MenuProps }) {
  const { t } = useTranslation();
  const text = useBlockText();
  const items = Array.isArray(props.items) ? props.items : [];
  return (
    <nav data-testid="block-menu" aria-label={t('page.blocks.menu')}>
      <ScrollMenu
        horizontal={props.scrollX !== false}
        vertical={props.scrollY === true}
        gap={clamp(props.gap, 64)}
        padding={clamp(props.padding, 64)}
        background={props.background || undefined}
        className="rounded-2xl"
      >
        {items.map((item, index) => (
          <BlockLink
            key={`${index}-${item.url}`}
            to={item.url}
            className="inline-flex shrink-0 items-center rounded-full bg-white px-4 py-2 text-sm font-medium ring-1 ring-zinc-900/10 transition hover:text-brand-700 dark:bg-zinc-900 dark:ring-white/10 dark:hover:text-brand-400"
          >
            {text(item.label)}
          </BlockLink>
        ))}
      </ScrollMenu>
    </nav>
  );
}
