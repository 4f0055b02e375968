import { MessagesSquare, Music } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { Sheet } from '../Overlay/Sheet';

/** The chat and player drawers opened from the toolbar and the create panel. */
export const SidePanels = observer(function SidePanels() {
  const { ui, auth } = useStores();
  const { t } = useTranslation();
  return (
    <>
      <Sheet open={ui.isOpen('chat')} onOpenChange={(open) => ui.setOpen('chat', open)} title={t('common.chat.title')} side="right">
        <div className="p-5">
          {auth.isLoggedIn ? (
            <EmptyState icon={MessagesSquare} title={t('common.chat.empty')} />
          ) : (
            <EmptyState icon={MessagesSquare} title={t('common.chat.joinPrompt')}>
              <button
                type="button"
                onClick={() => ui.open('login')}
                className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900"
              >
                {t('common.header.login')}
              </button>
            </EmptyState>
          )}
        </div>
      </Sheet>
      <Sheet open={ui.isOpen('player')} onOpenChange={(open) => ui.setOpen('player', open)} title={t('common.player.title')} side="right">
        <div className="p-5">
          <EmptyState icon={Music} title={t('common.player.empty')} />
        </div>
      </Sheet>
    </>
  );
});
