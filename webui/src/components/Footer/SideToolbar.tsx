import ArrowUp from 'lucide-react/icons/arrow-up';
import CircleHelp from 'lucide-react/icons/circle-question-mark';
import Download from 'lucide-react/icons/download';
import Headset from 'lucide-react/icons/headset';
import MessageCircle from 'lucide-react/icons/message-circle';
import Music from 'lucide-react/icons/eighth-notes';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';

const BUTTON =
  'group relative grid size-10 place-items-center rounded-full text-zinc-600 transition hover:bg-zinc-100 hover:text-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-brand-400';

function Tip({ children }: { children: ReactNode }) {
  return (
    <span className="pointer-events-none absolute right-full mr-2 whitespace-nowrap rounded-md bg-zinc-900 px-2 py-1 text-xs text-white opacity-0 transition group-hover:opacity-100 dark:bg-white dark:text-zinc-900">
      {children}
    </span>
  );
}

/** The side toolbar on tablet and desktop: chat, player, download, support, faq, back to top. */
export const SideToolbar = observer(function SideToolbar() {
  const { ui } = useStores();
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 320);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <aside aria-label={t('common.footer.toolbar')} data-testid="side-toolbar" className="fixed bottom-8 right-4 z-20 flex flex-col gap-1 rounded-full bg-white/95 p-1 shadow-lg ring-1 ring-zinc-900/5 backdrop-blur dark:bg-zinc-900/95 dark:ring-white/10">
      <button type="button" className={BUTTON} aria-label={t('common.footer.chat')} onClick={() => ui.open('chat')}>
        <MessageCircle className="size-5" aria-hidden />
        <Tip>{t('common.footer.chat')}</Tip>
      </button>
      <button type="button" className={BUTTON} aria-label={t('common.footer.player')} onClick={() => ui.open('player')}>
        <Music className="size-5" aria-hidden />
        <Tip>{t('common.footer.player')}</Tip>
      </button>
      <LocalizedLink to="/download" className={BUTTON} aria-label={t('common.footer.download')}>
        <Download className="size-5" aria-hidden />
        <Tip>{t('common.footer.download')}</Tip>
      </LocalizedLink>
      <LocalizedLink to="/account/ticket?new=1" className={BUTTON} aria-label={t('common.footer.support')}>
        <Headset className="size-5" aria-hidden />
        <Tip>{t('common.footer.support')}</Tip>
      </LocalizedLink>
      <LocalizedLink to="/docs/faq" className={BUTTON} aria-label={t('common.footer.faq')}>
        <CircleHelp className="size-5" aria-hidden />
        <Tip>{t('common.footer.faq')}</Tip>
      </LocalizedLink>
      {scrolled && (
        <button
          type="button"
          className={BUTTON}
          aria-label={t('common.footer.backToTop')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUp className="size-5" aria-hidden />
          <Tip>{t('common.footer.backToTop')}</Tip>
        </button>
      )}
    </aside>
  );
});
