import Download from 'lucide-react/icons/download';
import Search from 'lucide-react/icons/search';
import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cssLength, type Device, type HeaderAttr, type MenuItem } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { ScrollMenu } from '../Layout/ScrollMenu';
import { type SiteChromeProps, useShownSettings } from '../Layout/useShownSettings';
import { ColorModeToggle } from './ColorModeToggle';
import { HeaderButton } from './HeaderButton';
import { HeaderMenuItem } from './HeaderMenu';
import { InboxButtons } from './InboxButtons';
import { LocalePopover } from './LocalePopover';
import { UserMenu } from './UserMenu';
import { CartButton } from '../Shop/CartButton';

/** Header heights per device mode, in pixels (SPEC §2). */
export const HEADER_HEIGHT: Record<Device, number> = { mobile: 87, tablet: 87, desktop: 60 };
/** The first row of the two-row (mobile, tablet) header; the menu row takes the rest. */
const TOP_ROW_HEIGHT = 52;

const DEFAULT_ATTRS: HeaderAttr[] = ['logo', 'menu', 'search', 'darkMode', 'locale', 'user'];

/**
 * The site header: logo, menu, search, colour mode, language and currency, user
 * menu — the parts and colours picked in the settings for the device mode.
 * Configured colours apply in light mode; dark mode keeps the dark palette.
 */
export const Header = observer(function Header(chrome: SiteChromeProps) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const { device, settings } = useShownSettings(chrome);
  const preview = chrome.preview ?? false;
  const config = settings.header ?? {};
  const attrs = config.attrsPicked ?? DEFAULT_ATTRS;
  const has = (attr: HeaderAttr) => attrs.includes(attr);
  const compact = device !== 'desktop';
  const menus: MenuItem[] = config.menus?.length
    ? config.menus
    : [
        { label: t('common.header.home'), url: '/' },
        { label: t('common.footer.community'), url: '/community' },
        { label: t('page.docs.title'), url: '/docs' },
      ];

  const style = {
    height: HEADER_HEIGHT[device],
    fontSize: cssLength(config.textSize),
    '--header-bg': config.backgroundColor,
    '--header-fg': config.textColor,
  } as CSSProperties;
  const colours = `${config.backgroundColor ? 'bg-[var(--header-bg)]' : 'bg-white/85 backdrop-blur-md'} ${
    config.textColor ? 'text-[var(--header-fg)]' : 'text-zinc-900'
  } dark:bg-zinc-950/85 dark:text-zinc-100`;

  const menu = has('menu') && (
    <nav aria-label={t('common.header.menu')} className={compact ? 'min-w-0 flex-1' : 'flex min-w-0 items-center gap-1'}>
      {compact ? (
        <ScrollMenu gap={4} padding="0 12px" className="h-full [--scroll-menu-bg:var(--header-bg,#fff)] dark:[--scroll-menu-bg:#09090b]">
          {menus.map((item, index) => (
            <HeaderMenuItem key={`${item.url}-${index}`} item={item} />
          ))}
        </ScrollMenu>
      ) : (
        menus.map((item, index) => <HeaderMenuItem key={`${item.url}-${index}`} item={item} />)
      )}
    </nav>
  );

  const actions = (
    <div className="ml-auto flex shrink-0 items-center sm:gap-0.5">
      {has('search') && (
        <HeaderButton label={t('common.header.search')} onClick={() => ui.open('search')}>
          <Search className="size-[1.15rem]" aria-hidden />
        </HeaderButton>
      )}
      {has('download') && (
        <LocalizedLink
          to="/docs"
          aria-label={t('common.header.download')}
          title={t('common.header.download')}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full sm:size-9 opacity-80 hover:bg-zinc-900/5 hover:opacity-100 dark:hover:bg-white/10"
        >
          <Download className="size-[1.15rem]" aria-hidden />
        </LocalizedLink>
      )}
      {has('darkMode') && <ColorModeToggle />}
      {has('locale') && <LocalePopover compact={compact} />}
      {has('user') && <CartButton />}
      {has('user') && <InboxButtons />}
      {has('user') && <UserMenu />}
    </div>
  );

  return (
    <header
      data-device={device}
      style={style}
      className={`${preview ? 'relative' : 'sticky top-0'} z-30 w-full border-b border-zinc-900/5 text-sm dark:border-white/10 ${colours}`}
    >
      <div
        className="mx-auto flex h-full flex-col px-3 sm:px-5"
        style={{ maxWidth: cssLength(config.width) ?? '80rem' }}
      >
        <div className="flex min-w-0 items-center gap-3 sm:gap-4" style={{ height: compact ? TOP_ROW_HEIGHT : '100%' }}>
          {has('logo') && <Logo src={config.logo} width={config.logoWidth} />}
          {!compact && menu}
          {actions}
        </div>
        {compact && menu && <div className="-mx-3 flex flex-1 items-center sm:-mx-5">{menu}</div>}
      </div>
    </header>
  );
});

function Logo({ src, width }: { src?: string; width?: number | string }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink to="/" aria-label={t('common.siteName')} className="flex shrink-0 items-center gap-2 font-bold tracking-tight">
      {src ? (
        <img src={src} alt={t('common.siteName')} style={{ width: cssLength(width) ?? '7rem' }} className="h-auto max-h-10" />
      ) : (
        <>
          <span className="grid size-8 place-items-center rounded-xl bg-gradient-to-br from-brand-400 to-brand-700 text-base text-white shadow-sm">
            S
          </span>
          <span className="text-lg">{t('common.siteName')}</span>
        </>
      )}
    </LocalizedLink>
  );
}
