import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { LibraryRequest, LibraryTab } from '../../stores/MediaStore';
import { useStores } from '../../stores/StoresContext';
import { Sheet } from '../Overlay/Sheet';
import { LibraryPanel } from './LibraryPanel';
import { EmbedPanel, ExternalPanel, IframePanel } from './LinkPanels';
import { UploadPanel } from './UploadPanel';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The media library (SPEC §2): tabs embed, iframe, external, upload and library as the media
 * type offers them. It cannot be closed while an upload runs: a warning says so.
 */
export default observer(function MediaLibraryDialog({ request }: { request: LibraryRequest }) {
  const { media, ui } = useStores();
  const { t } = useTranslation();
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && media.close()}
      title={t('common.editor.library.title', { type: t(`common.editor.library.types.${request.type}`) })}
      description={t('common.editor.library.description')}
      side={ui.isMobile ? 'bottom' : 'center'}
      style={ui.isMobile ? { height: '90dvh' } : { width: 'min(96vw, 52rem)', height: 'min(85dvh, 40rem)' }}
    >
      <div data-testid="media-library" className="flex h-full min-h-0 flex-col">
        <div role="tablist" aria-label={t('common.editor.library.tabsLabel')} className="flex shrink-0 gap-1 overflow-x-auto border-b border-zinc-100 px-3 dark:border-zinc-800">
          {request.tabs.map((tab) => (
            <TabButton key={tab} tab={tab} request={request} />
          ))}
        </div>
        <div role="tabpanel" id={`media-panel-${request.tab}`} aria-labelledby={`media-tab-${request.tab}`} className="flex min-h-0 flex-1 flex-col">
          <Panel request={request} />
        </div>
      </div>
    </Sheet>
  );
});

const TabButton = observer(function TabButton({ tab, request }: { tab: LibraryTab; request: LibraryRequest }) {
  const { t } = useTranslation();
  const active = request.tab === tab;
  return (
    <button
      type="button"
      role="tab"
      id={`media-tab-${tab}`}
      aria-selected={active}
      aria-controls={`media-panel-${tab}`}
      onClick={() => request.setTab(tab)}
      className={`shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium transition ${
        active ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-400' : 'border-transparent text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100'
      }`}
    >
      {t(`common.editor.library.tabs.${tab}`)}
    </button>
  );
});

const Panel = observer(function Panel({ request }: { request: LibraryRequest }) {
  switch (request.tab) {
    case 'embed':
      return <EmbedPanel />;
    case 'iframe':
      return <IframePanel />;
    case 'external':
      return <ExternalPanel type={request.type} />;
    case 'upload':
      return <UploadPanel request={request} />;
    case 'library':
      return <LibraryPanel request={request} />;
    default:
      return request.tab satisfies never;
  }
});
