import { Check, FileAudio, FileVideo, FolderOpen, Paperclip } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtuosoGrid } from 'react-virtuoso';
import type { MediaItem, MediaType } from '../../models/MediaItem';
import type { LibraryRequest } from '../../stores/MediaStore';
import { useStores } from '../../stores/StoresContext';
import { formatBytes } from '../../utils/number';
import { EmptyState } from '../Feedback/EmptyState';
import { SmallSpinner } from '../common/SmallSpinner';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/UploadStore'; // builds root's store on first use (stores/lazyStores.ts)

const BUTTON = 'inline-flex h-9 items-center justify-center rounded-full px-4 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The library tab: the viewer's items of the asked type, newest first, in a virtualized grid that
 * reads the next page at its end. A click picks or unpicks (SPEC §4: at most the limit, a new pick
 * replacing the old at limit 1); picked items can be deleted after a confirmation, or inserted.
 */
export const LibraryPanel = observer(function LibraryPanel({ request }: { request: LibraryRequest }) {
  const { media, auth, toasts } = useStores();
  const { t } = useTranslation();
  const viewerId = auth.viewer?.id;

  useEffect(() => {
    if (viewerId) void media.loadLatest();
  }, [media, viewerId, media.type, media.isLoaded]);

  const items = media.ordered;
  const pick = (item: MediaItem) => {
    if (!request.toggle(item.id)) toasts.warning(t('common.editor.library.limit', { max: request.limit }));
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 p-3">
        {!media.isLoaded && media.isFetching ? (
          <div className="grid h-full place-items-center">
            <SmallSpinner />
          </div>
        ) : items.length === 0 ? (
          <EmptyState icon={FolderOpen} title={t('common.editor.library.empty')}>
            {request.tabs.includes('upload') && (
              <button type="button" onClick={() => request.setTab('upload')} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
                {t('common.editor.library.goUpload')}
              </button>
            )}
          </EmptyState>
        ) : (
          <VirtuosoGrid
            data-testid="media-grid"
            style={{ height: '100%' }}
            data={items}
            computeItemKey={(_, item) => item.id}
            endReached={() => void media.loadOlder()}
            listClassName="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5"
            itemContent={(_, item) => <Tile item={item} request={request} onPick={() => pick(item)} />}
          />
        )}
      </div>
      <Footer request={request} />
    </div>
  );
});

const TYPE_ICON: Record<Exclude<MediaType, 'image'>, typeof FileVideo> = { video: FileVideo, audio: FileAudio, attachment: Paperclip };

/** One item; it reads its own selection, as the grid renders tiles outside the panel's render. */
const Tile = observer(function Tile({ item, request, onPick }: { item: MediaItem; request: LibraryRequest; onPick: () => void }) {
  const { t } = useTranslation();
  const selected = request.isSelected(item.id);
  const Icon = item.isImage ? null : TYPE_ICON[item.type as Exclude<MediaType, 'image'>];
  return (
    <button
      type="button"
      data-testid="media-item"
      data-id={item.id}
      aria-pressed={selected}
      aria-label={t('common.editor.library.pick', { name: item.title })}
      onClick={onPick}
      className={`group relative aspect-square w-full overflow-hidden rounded-xl bg-zinc-100 ring-2 transition dark:bg-zinc-800 ${
        selected ? 'ring-brand-500' : 'ring-transparent hover:ring-zinc-300 dark:hover:ring-zinc-600'
      }`}
    >
      {item.isImage ? (
        <img src={item.sourceUrl} alt={item.data.altText || item.title} loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="flex size-full flex-col items-center justify-center gap-1 p-2 text-zinc-500">
          {Icon && <Icon className="size-7" aria-hidden />}
          <span className="line-clamp-2 break-all text-[11px]">{item.title}</span>
          <span className="text-[10px] text-zinc-400">{formatBytes(item.data.fileSize)}</span>
        </span>
      )}
      {selected && (
        <span className="absolute right-1.5 top-1.5 grid size-6 place-items-center rounded-full bg-brand-600 text-white shadow">
          <Check className="size-3.5" aria-hidden />
        </span>
      )}
    </button>
  );
});

const Footer = observer(function Footer({ request }: { request: LibraryRequest }) {
  const { media, uploads } = useStores();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const count = request.selected.length;

  if (confirming && count > 0) {
    return (
      <div data-testid="media-delete-confirm" className="flex shrink-0 flex-wrap items-center justify-between gap-3 border-t border-zinc-100 bg-rose-50/60 px-4 py-3 dark:border-zinc-800 dark:bg-rose-500/10">
        <div className="text-sm">
          <p className="font-medium">{t('common.editor.library.deleteConfirm', { count })}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('common.editor.library.deleteConfirmText')}</p>
        </div>
        <div className="flex gap-2">
          <button type="button" onClick={() => setConfirming(false)} className={`${BUTTON} text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-100 dark:text-zinc-200 dark:ring-zinc-700`}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            disabled={media.isDeleting}
            onClick={() => void media.delete([...request.selected]).then(() => setConfirming(false))}
            className={`${BUTTON} bg-rose-600 text-white hover:bg-rose-700`}
          >
            {t('common.editor.library.deleteAction')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex shrink-0 items-center justify-between gap-3 border-t border-zinc-100 px-4 py-3 dark:border-zinc-800">
      <span data-testid="media-selected-count" className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('common.editor.library.selected', { count, max: request.limit })}
      </span>
      <div className="flex gap-2">
        <button type="button" disabled={count === 0} onClick={() => setConfirming(true)} className={`${BUTTON} text-rose-600 ring-1 ring-rose-200 hover:bg-rose-50 dark:ring-rose-500/30 dark:hover:bg-rose-500/10`}>
          {t('common.editor.library.delete')}
        </button>
        <button
          type="button"
          data-testid="media-insert"
          disabled={count === 0 || uploads.isUploading}
          onClick={() => media.insertSelected()}
          className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {t('common.editor.library.insert')}
        </button>
      </div>
    </div>
  );
});
