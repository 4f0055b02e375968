import { ArrowLeft, RefreshCw, Trash2, VolumeX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChatMessage } from '../../../api/adminContent';
import { avatarSrc } from '../../../models/Viewer';
import type { ModerationStore } from '../../../stores/admin/ModerationStore';
import { formatDateTime } from '../../../utils/dates';
import { SmallSpinner } from '../../common/SmallSpinner';
import { ReverseFeed } from '../../common/ReverseFeed';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CARD, SMALL_BUTTON } from '../common/styles';
import { MuteDialog, type MuteTarget } from './MuteDialog';
import { MutesList } from './MutesList';

/** Messages further apart than this get a time line between them. */
const DIVIDER_GAP_MS = 30 * 60_000;

/** One message: a checkbox to pick it, its author (with a mute button), when, and its text or that it was deleted. */
const MessageRow = observer(function MessageRow({ store, message, onMute }: { store: ModerationStore; message: AdminChatMessage; onMute: (target: MuteTarget) => void }) {
  const { t, i18n } = useTranslation();
  const { author, deleted } = message;
  const name = author?.name ?? t('admin.moderation.mutes.gone');
  return (
    <div className="flex items-start gap-3 px-4 py-2 text-sm" data-testid="moderation-message" data-id={message.id} data-deleted={deleted ? 'true' : undefined}>
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-zinc-900 dark:accent-white"
        aria-label={t('admin.moderation.chat.select', { name })}
        disabled={deleted}
        checked={store.selected.has(message.id)}
        onChange={() => store.toggle(message.id)}
      />
      <img src={avatarSrc(undefined, author?.slug || author?.databaseId)} alt="" className="size-7 shrink-0 rounded-full bg-zinc-100 dark:bg-zinc-800" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500">
          <span className="font-medium text-zinc-800 dark:text-zinc-100">{name}</span>
          <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt, i18n.language)}</time>
          {author && (
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded px-1 text-zinc-500 hover:bg-zinc-100 hover:text-red-600 dark:hover:bg-zinc-800"
              onClick={() => onMute({ room: message.room, userId: author.databaseId, name: author.name })}
              data-testid="moderation-mute"
            >
              <VolumeX className="size-3" aria-hidden />
              {t('admin.moderation.mute.action')}
            </button>
          )}
        </div>
        {deleted ? (
          <p className="whitespace-pre-wrap break-words text-zinc-400 line-through" title={t('admin.moderation.chat.deletedMessage')}>
            {message.text || t('admin.moderation.chat.deletedMessage')}
          </p>
        ) : (
          <p className="whitespace-pre-wrap break-words">{message.text}</p>
        )}
      </div>
    </div>
  );
});

/**
 * One room: its messages newest at the bottom (older pages as the list reaches its top), picked and
 * deleted after a confirmation, a member muted from their message, and the room's active mutes.
 */
export const MessagePane = observer(function MessagePane({ store }: { store: ModerationStore }) {
  const { t } = useTranslation();
  const [muting, setMuting] = useState<MuteTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = store.selected.size;
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-label={t('admin.moderation.chat.messages', { room: store.room })} data-testid="moderation-room">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={SMALL_BUTTON} onClick={() => store.closeRoom()}>
          <ArrowLeft className="size-3.5" aria-hidden />
          {t('admin.moderation.rooms.back')}
        </button>
        <h2 className="mr-auto truncate text-base font-semibold">#{store.room}</h2>
        <button type="button" className={SMALL_BUTTON} onClick={() => store.refresh()}>
          <RefreshCw className="size-3.5" aria-hidden />
          {t('admin.moderation.chat.refresh')}
        </button>
        <button type="button" className={SMALL_BUTTON} disabled={count === 0 || store.isDeleting} onClick={() => setConfirming(true)} data-testid="moderation-delete">
          <Trash2 className="size-3.5" aria-hidden />
          {t('admin.moderation.chat.delete', { count })}
        </button>
      </div>
      <div className={`${CARD} h-[60dvh] !p-0`}>
        {!store.messagesLoaded ? (
          <div className="grid h-full place-items-center">
            <SmallSpinner />
          </div>
        ) : store.messages.length === 0 ? (
          <p className="grid h-full place-items-center text-sm text-zinc-500">{t('admin.moderation.chat.empty')}</p>
        ) : (
          <ReverseFeed<AdminChatMessage>
            testId="moderation-messages"
            items={store.messages}
            keyOf={(m) => m.id}
            timeOf={(m) => m.createdAt}
            dividerGapMs={DIVIDER_GAP_MS}
            prepended={store.prepended}
            hasOlder={store.hasOlderMessages}
            onLoadOlder={() => void store.loadOlder()}
            olderLabel={t('chat.loadingOlder')}
            beginningLabel={t('chat.beginning')}
          >
            {(message) => <MessageRow store={store} message={message} onMute={setMuting} />}
          </ReverseFeed>
        )}
      </div>
      <h3 className="text-sm font-semibold">{t('admin.moderation.mutes.title')}</h3>
      <MutesList store={store} />
      <MuteDialog store={store} target={muting} onClose={() => setMuting(null)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.moderation.chat.confirmTitle', { count })}
        confirmLabel={t('admin.moderation.chat.delete', { count })}
        danger
        disabled={store.isDeleting}
        testId="moderation-delete-confirm"
        onConfirm={() => {
          setConfirming(false);
          void store.deleteSelected();
        }}
      >
        <p className="text-zinc-600 dark:text-zinc-300">{t('admin.moderation.chat.confirmBody', { count })}</p>
      </ConfirmDialog>
    </section>
  );
});
