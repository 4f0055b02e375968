import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { cssLength } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { Footer } from '../Footer/Footer';
import { SidePanels } from '../Footer/SidePanels';
import { Header } from '../Header/Header';
import { MediaLibraryHost } from '../Media/MediaLibraryHost';
import { Overlays } from './Overlays';
import { TransitionOutlet } from './TransitionOutlet';

/**
 * Chrome shared by the default, account and docs layouts: header, overlays,
 * footer. The header's configured width becomes --site-width for the content.
 */
export const SiteChrome = observer(function SiteChrome({ children }: { children: React.ReactNode }) {
  const { ui, settings } = useStores();
  const width = cssLength(settings.forDevice(ui.device).header?.width);
  const style = { '--site-width': width && width !== '100%' ? width : '80rem' } as CSSProperties;
  return (
    <div className="flex min-h-dvh flex-col" style={style}>
      <Header />
      <main className="flex-1">{children}</main>
      <Footer />
      <Overlays names={['search', 'login', 'moreInformation', 'levelTips']} />
      <SidePanels />
      <Overlays names={['messages', 'notifications']} />
      <MediaLibraryHost />
      <Overlays names={['report']} />
    </div>
  );
});

/** The default layout: the site chrome around the route's screen. */
export const DefaultLayout = observer(function DefaultLayout() {
  return (
    <SiteChrome>
      <TransitionOutlet />
    </SiteChrome>
  );
});
