import { observer } from 'mobx-react-lite';
import { Suspense, useRef, type ComponentType } from 'react';
import { lazyExport } from '../../routing/lazyModule';
import type { RootStore } from '../../stores/RootStore';
import { useStores } from '../../stores/StoresContext';
import { SHELL_PARTS } from './shellParts';

/**
 * The site's dialogs, drawers and overlays, each its own chunk: none is on
 * screen when a page first paints, so none is in the first load. Each loads
 * the first time it opens (or on idle after the page loaded: see
 * OVERLAY_CHUNKS), then stays mounted so that it can animate closed and
 * keep its state.
 */
const LOADERS = {
  search: () => import('../Header/SearchOverlay'),
  login: () => import('../Login/LoginDialog'),
  moreInformation: () => import('../Login/MoreInformationDialog'),
  levelTips: () => import('../User/LevelTipsDialog'),
  messages: () => import('../Messages/MessageBox'),
  notifications: () => import('../Notifications/NotificationBox'),
  report: () => import('../Report/ReportDialog'),
  chat: () => import('../Chat/ChatDrawer'),
  nodes: () => import('../Community/NodesDrawer'),
};

type OverlayName = keyof typeof LOADERS;

const OVERLAYS: Record<OverlayName, ComponentType> = {
  search: lazyExport(LOADERS.search, 'SearchOverlay'),
  login: lazyExport(LOADERS.login, 'LoginDialog'),
  moreInformation: lazyExport(LOADERS.moreInformation, 'MoreInformationDialog'),
  levelTips: lazyExport(LOADERS.levelTips, 'LevelTipsDialog'),
  messages: lazyExport(LOADERS.messages, 'MessageBox'),
  notifications: lazyExport(LOADERS.notifications, 'NotificationBox'),
  report: lazyExport(LOADERS.report, 'ReportDialog'),
  chat: lazyExport(LOADERS.chat, 'ChatDrawer'),
  nodes: lazyExport(LOADERS.nodes, 'NodesDrawer'),
};

/** Whether each overlay is open now, read from the stores. */
function openNow(s: RootStore): Record<OverlayName, boolean> {
  return {
    search: s.ui.isOpen('search'),
    login: s.ui.isOpen('login'),
    moreInformation: Boolean(s.auth.viewer && s.auth.showMoreInformation),
    levelTips: s.levelTips.isOpen,
    messages: s.ui.isOpen('messages'),
    notifications: s.ui.isOpen('notifications'),
    // The report dialog's store is built by the menu that opens it (stores/lazyStores.ts).
    report: s.peek('reportDialog')?.isOpen ?? false,
    chat: s.ui.isOpen('chat'),
    nodes: s.ui.isOpen('nodes'),
  };
}

/** Renders the overlays that have been opened at least once, in names' order. */
export const Overlays = observer(function Overlays({ names }: { names: OverlayName[] }) {
  const stores = useStores();
  const opened = useRef(new Set<OverlayName>());
  const open = openNow(stores);
  for (const name of names) if (open[name]) opened.current.add(name);
  return (
    <>
      {names
        .filter((name) => opened.current.has(name))
        .map((name) => {
          const Overlay = OVERLAYS[name];
          return (
            <Suspense key={name} fallback={null}>
              <Overlay />
            </Suspense>
          );
        })}
    </>
  );
});

/** The chunks of the chrome's closed parts, then the overlays', for prefetching after the page loaded. */
export const OVERLAY_CHUNKS: (() => Promise<unknown>)[] = [...SHELL_PARTS.map((part) => part.load), ...Object.values(LOADERS)];
