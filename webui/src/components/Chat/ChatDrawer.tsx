import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { Sheet } from '../Overlay/Sheet';
import { ChatWidget } from './ChatWidget';

/** The chat drawer, opened from the side toolbar and the create panel: full screen on phones, a side panel above. */
export const ChatDrawer = observer(function ChatDrawer() {
  const { ui } = useStores();
  const { t } = useTranslation();
  return (
    <Sheet
      open={ui.isOpen('chat')}
      onOpenChange={(open) => ui.setOpen('chat', open)}
      title={t('common.chat.title')}
      side="right"
      className="max-sm:w-screen sm:w-[26rem]"
    >
      <ChatWidget />
    </Sheet>
  );
});
