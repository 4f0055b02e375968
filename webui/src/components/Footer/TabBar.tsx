import CirclePlus from 'lucide-react/icons/circle-plus';
import House from 'lucide-react/icons/house';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import User from 'lucide-react/icons/user';
import Users from 'lucide-react/icons/users';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useStores } from '../../stores/StoresContext';
import { localizePath } from '../../utils/links';
import { DeferredOpen } from '../../routing/deferred';
import { shellPart } from '../Layout/shellParts';
import { CartCountBadge } from '../Shop/CartButton';

const TAB =
  'flex flex-1 flex-col items-center justify-center gap-0.5 text-[0.68rem] text-zinc-500 transition aria-[current=page]:text-brand-600 dark:text-zinc-400 dark:aria-[current=page]:text-brand-400';

/** The mobile tab bar, 14 units (3.5rem) tall: home, community, create, cart, my; the mini player above it while a track is loaded. */
export const TabBar = observer(function TabBar() {
  const { ui, locale, audio } = useStores();
  const { t } = useTranslation();
  const to = (path: string) => localizePath(path, locale.lang);
  return (
    <>
      {/* The mini player's chunk loads with the first track (or on idle). */}
      <DeferredOpen part={shellPart} open={Boolean(audio.current)}>
        {({ MiniPlayer }) => <MiniPlayer />}
      </DeferredOpen>
      <nav
        aria-label={t('common.footer.tabs')}
        data-testid="tab-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-900/5 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md dark:border-white/10 dark:bg-zinc-950/90"
      >
        <div className="flex h-14 items-stretch">
          <NavLink to={to('/')} end className={TAB}>
            <House className="size-5" aria-hidden />
            {t('common.footer.home')}
          </NavLink>
          <NavLink to={to('/community')} className={TAB}>
            <Users className="size-5" aria-hidden />
            {t('common.footer.community')}
          </NavLink>
          <button
            type="button"
            onClick={() => ui.open('createPanel')}
            aria-haspopup="dialog"
            aria-expanded={ui.isOpen('createPanel')}
            className={TAB}
          >
            <span className="-mt-1 grid size-9 place-items-center rounded-2xl bg-gradient-to-br from-brand-400 to-brand-700 text-white shadow-md shadow-brand-600/30">
              <CirclePlus className="size-5" aria-hidden />
            </span>
            {t('common.footer.create')}
          </button>
          <NavLink to={to('/cart')} className={TAB}>
            <span className="relative">
              <ShoppingCart className="size-5" aria-hidden />
              <CartCountBadge className="pointer-events-none absolute -right-2.5 -top-1.5 ring-2 ring-white dark:ring-zinc-950" />
            </span>
            {t('common.footer.cart')}
          </NavLink>
          <NavLink to={to('/account')} className={TAB}>
            <User className="size-5" aria-hidden />
            {t('common.footer.my')}
          </NavLink>
        </div>
      </nav>
    </>
  );
});
