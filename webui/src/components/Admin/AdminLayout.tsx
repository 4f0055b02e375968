import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { FileText, Menu, ScrollText, Server, Settings, ShieldAlert, Users, type LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useStores } from '../../stores/StoresContext';
import { localizePath } from '../../utils/links';
import { MENU_ITEM, MENU_PANEL } from '../Header/HeaderMenu';
import { SiteChrome } from '../Layout/DefaultLayout';

/** The console's sections, in the order the navigation lists them; the first is /admin's. */
export const ADMIN_SECTIONS = ['members', 'content', 'moderation', 'settings', 'audit', 'cluster'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export function isAdminSection(value: string | undefined): value is AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(value ?? '');
}

export const ADMIN_ICONS: Record<AdminSection, LucideIcon> = {
  members: Users,
  content: FileText,
  moderation: ShieldAlert,
  settings: Settings,
  audit: ScrollText,
  cluster: Server,
};

/** The path of a section (members is /admin itself). */
export function adminPath(section: AdminSection): string {
  return section === ADMIN_SECTIONS[0] ? '/admin' : `/admin/${section}`;
}

const NAV_LINK =
  'flex shrink-0 items-center gap-2.5 rounded-xl px-3 py-2 text-sm text-zinc-600 transition hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white dark:text-zinc-400 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-white dark:aria-[current=page]:text-zinc-900';

/**
 * The operators' console: the site chrome, a sidebar of sections beside the section on a wide
 * screen, and on a phone (below 768 px) a bar on top whose menu picks the section. `nav` false
 * (a guest, a member who is not an admin) shows the content alone.
 */
export const AdminLayout = observer(function AdminLayout({ section, nav, children }: { section: AdminSection; nav: boolean; children: ReactNode }) {
  const { locale } = useStores();
  const { t } = useTranslation();
  const CurrentIcon = ADMIN_ICONS[section];
  return (
    <SiteChrome>
      <div data-testid="admin" className="mx-auto flex w-full max-w-[var(--site-width)] flex-col gap-4 px-3 py-4 sm:px-5 md:flex-row md:gap-8 md:py-8">
        {nav && (
          <>
            <nav aria-label={t('admin.frame.title')} className="hidden shrink-0 flex-col gap-1 md:flex md:w-52" data-testid="admin-nav">
              <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-zinc-400">{t('admin.frame.title')}</p>
              {ADMIN_SECTIONS.map((key) => {
                const Icon = ADMIN_ICONS[key];
                return (
                  <NavLink key={key} to={localizePath(adminPath(key), locale.lang)} end className={NAV_LINK}>
                    <Icon className="size-4" aria-hidden />
                    {t(`admin.frame.nav.${key}`)}
                  </NavLink>
                );
              })}
            </nav>
            <div className="flex items-center justify-between gap-2 rounded-2xl bg-white/90 px-3 py-2 ring-1 ring-zinc-900/5 backdrop-blur md:hidden dark:bg-zinc-900/90 dark:ring-white/10">
              <span className="flex min-w-0 items-center gap-2 text-sm font-semibold">
                <CurrentIcon className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{t(`admin.frame.nav.${section}`)}</span>
              </span>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger
                  data-testid="admin-section-menu"
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-zinc-200 dark:ring-zinc-700"
                >
                  <Menu className="size-4" aria-hidden />
                  {t('admin.frame.sections')}
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content sideOffset={6} align="end" collisionPadding={8} className={`${MENU_PANEL} w-56`}>
                    {ADMIN_SECTIONS.map((key) => {
                      const Icon = ADMIN_ICONS[key];
                      return (
                        <DropdownMenu.Item key={key} asChild className={MENU_ITEM}>
                          <NavLink to={localizePath(adminPath(key), locale.lang)} end>
                            <Icon className="size-4" aria-hidden />
                            {t(`admin.frame.nav.${key}`)}
                          </NavLink>
                        </DropdownMenu.Item>
                      );
                    })}
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </div>
          </>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-5">{children}</div>
      </div>
    </SiteChrome>
  );
});
