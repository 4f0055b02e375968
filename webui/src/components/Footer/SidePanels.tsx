import { Music } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { Overlays } from '../Layout/Overlays';
import { Sheet } from '../Overlay/Sheet';

/** The chat and player drawers opened from the toolbar and the create panel, and the nodes drawer of the community pages. */
export const SidePanels = observer(function SidePanels() {
  const { ui } = useStores();
  const { t } = useTranslation();
  return (
    <>
      <Overlays names={['chat', 'nodes']} />
      <Sheet open={ui.isOpen('player')} onOpenChange={(open) => ui.setOpen('player', open)} title={t('common.player.title')} side="right">
        <div className="p-5">
          <EmptyState icon={Music} title={t('common.player.empty')} />
        </div>
      </Sheet>
    </>
  );
});
