import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cssLength, localize } from '../../models/settings';
import { LocalizedLink } from '../common/LocalizedLink';
import { type SiteChromeProps, useShownSettings } from '../Layout/useShownSettings';
import { useSanitizedHtml } from '../common/useSanitizedHtml';
import { DeferredOpen } from '../../routing/deferred';
import { useStores } from '../../stores/StoresContext';
import { shellPart } from '../Layout/shellParts';
import { SideToolbar } from './SideToolbar';
import { TabBar } from './TabBar';

/**
 * The site footer: configured menus, the copyright line with the current year
 * and the optional custom HTML last row (sanitized); on mobile the tab bar and
 * create panel, on larger screens the side toolbar.
 */
export const Footer = observer(function Footer(chrome: SiteChromeProps) {
  const { t, i18n } = useTranslation();
  const { device, settings } = useShownSettings(chrome);
  const preview = chrome.preview ?? false;
  const config = settings.footer ?? {};
  const lastRow = useSanitizedHtml(config.textHtmlLastRow);
  const style = {
    fontSize: cssLength(config.textSize),
    '--footer-bg': config.backgroundColor,
    '--footer-fg': config.textColor,
  } as CSSProperties;
  const mobile = device === 'mobile';
  const menus = config.menus ?? [];
  const grouped = menus.some((menu) => menu.children?.length);

  return (
    <>
      <footer
        style={style}
        className={`border-t border-zinc-900/5 text-sm dark:border-white/10 ${
          config.backgroundColor ? 'bg-[var(--footer-bg)]' : 'bg-zinc-50'
        } ${config.textColor ? 'text-[var(--footer-fg)]' : 'text-zinc-600'} dark:bg-zinc-900/60 dark:text-zinc-400 ${
          mobile && !preview ? 'pb-[calc(3.5rem+env(safe-area-inset-bottom))]' : ''
        }`}
      >
        <div className="mx-auto px-4 py-8 sm:px-6" style={{ maxWidth: cssLength(config.width) ?? '80rem' }}>
          {menus.length > 0 && grouped && (
            <nav className="mb-6 grid grid-cols-2 gap-6 sm:grid-cols-4">
              {menus.map((group, index) => (
                <div key={`${group.url}-${index}`}>
                  <LocalizedLink to={group.url || '/'} className="font-semibold opacity-100">
                    {localize(group.label, i18n.language)}
                  </LocalizedLink>
                  {group.children && (
                    <ul className="mt-2 space-y-1.5">
                      {group.children.map((child, childIndex) => (
                        <li key={`${child.url}-${childIndex}`}>
                          <LocalizedLink to={child.url} className="opacity-75 hover:opacity-100">
                            {localize(child.label, i18n.language)}
                          </LocalizedLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </nav>
          )}
          {menus.length > 0 && !grouped && (
            <nav className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
              {menus.map((link, index) => (
                <LocalizedLink key={`${link.url}-${index}`} to={link.url || '/'} className="opacity-80 hover:opacity-100">
                  {localize(link.label, i18n.language)}
                </LocalizedLink>
              ))}
            </nav>
          )}
          <p data-testid="copyright" className="opacity-70">
            {t('common.footer.copyright', { year: new Date().getFullYear(), site: t('common.siteName') })}
          </p>
          {lastRow && (
            <div data-testid="footer-last-row" className="mt-2 opacity-70 [&_a]:underline [&_a]:underline-offset-2" dangerouslySetInnerHTML={{ __html: lastRow }} />
          )}
        </div>
      </footer>
      {!preview && mobile && (
        <>
          <TabBar />
          <CreatePanelHost />
        </>
      )}
      {!preview && !mobile && <SideToolbar />}
    </>
  );
});

/** The mobile create panel, its own chunk: loaded when it first opens, or on idle after the page loaded. */
const CreatePanelHost = observer(function CreatePanelHost() {
  const { ui } = useStores();
  return (
    <DeferredOpen part={shellPart} open={ui.isOpen('createPanel')}>
      {({ CreatePanel }) => <CreatePanel />}
    </DeferredOpen>
  );
});
