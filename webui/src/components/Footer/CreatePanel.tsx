import FileText from 'lucide-react/icons/file-text';
import MessagesSquare from 'lucide-react/icons/messages-square';
import PenLine from 'lucide-react/icons/pen-line';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localize, type CreateMenuSettings, type MenuItem } from '../../models/settings';
import { prefetchAllowed, prefetchChunks } from '../../routing/prefetch';
import { loadCreatePage } from '../../scenes/Create';
import { isDraftKind } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { isImageIcon, menuIcon } from '../Layout/menuIcons';

/** Panel height: 12rem, plus each section that is present (SPEC §2). */
export const CREATE_PANEL_BASE_REM = 12;
export const CREATE_PANEL_SECTION_REM = { drafts: 3, joinChat: 6, share: 4, carousel: 8 } as const;

export function createPanelHeight(sections: { drafts: boolean; joinChat: boolean; share: boolean; carousel: boolean }) {
  let rem = CREATE_PANEL_BASE_REM;
  for (const key of Object.keys(CREATE_PANEL_SECTION_REM) as (keyof typeof CREATE_PANEL_SECTION_REM)[]) {
    if (sections[key]) rem += CREATE_PANEL_SECTION_REM[key];
  }
  return rem;
}

/**
 * Whether the viewer can use a create menu entry: an entry opening the create page for a kind
 * shows only for a kind the page writes (articles for administrators); other links always show.
 */
export function entryOffered(entry: Pick<MenuItem, 'url'>, isAdmin: boolean): boolean {
  const url = new URL(entry.url, 'http://site.invalid');
  if (url.pathname.replace(/^\/(en|es)(?=\/)/, '') !== '/create') return true;
  const type = url.searchParams.get('type');
  if (type === null) return true;
  return isDraftKind(type) && (type !== 'article' || isAdmin);
}

/** The mobile pop-up create panel: drafts, join chat, share a thought, create entries, carousel. */
export const CreatePanel = observer(function CreatePanel() {
  const { ui, settings, auth, drafts: draftsStore } = useStores();
  const { t, i18n } = useTranslation();
  const open = ui.isOpen('createPanel');
  // Creating is for members: a guest gets the login box instead of the editor.
  const requireLogin = (event: React.MouseEvent) => {
    if (!auth.requireLogin()) event.preventDefault();
  };
  const config: CreateMenuSettings = settings.forDevice('mobile').footer?.createMenu ?? {};
  const drafts = draftsStore.count;
  // The create page's chunk (the editor) loads while the member picks an entry.
  useEffect(() => {
    if (open && auth.isLoggedIn && prefetchAllowed()) void prefetchChunks([loadCreatePage]);
  }, [open, auth.isLoggedIn]);
  const carousel = config.carousel ?? [];
  const sections = {
    drafts: drafts > 0,
    joinChat: Boolean(config.joinChat),
    share: Boolean(config.showShare),
    carousel: carousel.length > 0,
  };
  const isAdmin = auth.viewer?.data.gqRoles?.isAdmin === true;
  const entries = (config.menus ?? []).filter((entry) => entryOffered(entry, isAdmin));

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => ui.setOpen('createPanel', next)}
      title={t('common.create.title')}
      side="bottom"
      style={{ height: `${createPanelHeight(sections)}rem` }}
    >
      <div data-testid="create-panel" className="flex flex-col gap-3 p-4">
        {sections.drafts && (
          <LocalizedLink to="/create?drafts=1" data-testid="create-panel-drafts" className="flex h-10 items-center gap-2 rounded-xl bg-zinc-100 px-3 text-sm dark:bg-zinc-800">
            <FileText className="size-4" aria-hidden />
            {t('common.create.drafts', { count: drafts })}
          </LocalizedLink>
        )}
        {sections.joinChat && (
          <button
            type="button"
            onClick={() => ui.open('chat')}
            className="flex h-20 items-center gap-3 rounded-2xl bg-gradient-to-r from-brand-500 to-brand-700 px-4 text-left text-white"
          >
            <MessagesSquare className="size-7" aria-hidden />
            <span>
              <span className="block font-semibold">{t('common.create.joinChat')}</span>
              <span className="text-xs opacity-80">{t('common.create.joinChatText')}</span>
            </span>
          </button>
        )}
        {sections.share && (
          <LocalizedLink
            to="/create"
            onClick={requireLogin}
            className="flex h-12 items-center gap-2 rounded-xl border border-zinc-200 px-3 text-sm text-zinc-500 dark:border-zinc-700"
          >
            <PenLine className="size-4" aria-hidden />
            {t('common.create.sharePlaceholder')}
          </LocalizedLink>
        )}
        {entries.length > 0 ? (
          <ul className="grid grid-cols-4 gap-3">
            {entries.map((entry, index) => (
              <li key={`${entry.url}-${index}`}>
                <LocalizedLink to={entry.url} onClick={requireLogin} className="flex flex-col items-center gap-1.5 text-center text-xs">
                  <span className="grid size-12 place-items-center rounded-2xl bg-zinc-100 dark:bg-zinc-800">
                    <EntryIcon icon={entry.icon} />
                  </span>
                  {localize(entry.label, i18n.language)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-6 text-center text-sm text-zinc-500">{t('common.create.noEntries')}</p>
        )}
        {sections.carousel && (
          <div className="scrollbar-none flex h-28 snap-x snap-mandatory gap-3 overflow-x-auto">
            {carousel.map((slide, index) => (
              <LocalizedLink
                key={`${slide.url}-${index}`}
                to={slide.link || '/'}
                className="relative h-full w-4/5 shrink-0 snap-start overflow-hidden rounded-2xl"
              >
                <img src={slide.url} alt="" className="size-full object-cover" />
                {slide.caption && (
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 p-2 text-xs text-white">
                    {localize(slide.caption, i18n.language)}
                  </span>
                )}
              </LocalizedLink>
            ))}
          </div>
        )}
      </div>
    </Sheet>
  );
});

function EntryIcon({ icon }: { icon?: string }) {
  if (isImageIcon(icon)) return <img src={icon} alt="" className="size-6" />;
  const Icon = menuIcon(icon);
  return <Icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />;
}
