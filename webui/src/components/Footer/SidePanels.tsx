import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyExport } from '../../routing/lazyModule';
import { useStores } from '../../stores/StoresContext';
import { PageSpinner } from '../Feedback/Spinner';
import { Overlays } from '../Layout/Overlays';
import { shellPart } from '../Layout/shellParts';
import { DeferredOpen } from '../../routing/deferred';

/** The player's panel, its own chunk: it loads the first time the player opens. */
const PlayerPanel = lazyExport(() => import('../Audio/PlayerPanel'), 'PlayerPanel');

/**
 * The chat and player drawers opened from the toolbar, the create panel and the mobile mini
 * player, and the nodes drawer of the community pages. The player is a side drawer, on mobile a
 * bottom sheet.
 */
export const SidePanels = observer(function SidePanels() {
  const { ui } = useStores();
  const { t } = useTranslation();
  return (
    <>
      <Overlays names={['chat', 'nodes']} />
      <DeferredOpen part={shellPart} open={ui.isOpen('player')}>
        {({ Sheet }) => (
          <Sheet
            open={ui.isOpen('player')}
            onOpenChange={(open) => ui.setOpen('player', open)}
            title={t('common.player.title')}
            side={ui.isMobile ? 'bottom' : 'right'}
          >
            <Suspense fallback={<PageSpinner />}>
              <PlayerPanel />
            </Suspense>
          </Sheet>
        )}
      </DeferredOpen>
    </>
  );
});
