import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { ImageViewer } from '../common/ImageViewer';
import { TextBubble } from '../common/TextBubble';
import { ReportMenu } from '../Report/ReportMenu';
import type { PrivateMessage } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';
import '../../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)

/** One private message: its image (opening the image viewer), the text as plain text (line breaks kept), its time, and delete for its sender. */
export const MessageBubble = observer(function MessageBubble({ message, own, now }: { message: PrivateMessage; own: boolean; now: number }) {
  const { t } = useTranslation();
  const action = own ? <DeleteButton message={message} /> : <ReportMenu target={{ postType: 'privateMessage', postId: message.id, summary: message.content }} />;
  return (
    <div data-testid="private-message" data-id={message.id} className={`group flex px-4 py-1 ${own ? 'justify-end' : 'justify-start'}`}>
      <div className={`flex max-w-[80%] flex-col ${own ? 'items-end' : 'items-start'}`}>
        {message.image && <MessageImage message={message} own={own} action={!message.content && action} />}
        {message.content && (
          <TextBubble own={own} action={action}>
            {message.content}
          </TextBubble>
        )}
        <time dateTime={new Date(message.createdAt).toISOString()} title={new Date(message.createdAt).toLocaleString()} className="mt-0.5 px-1 text-[11px] text-zinc-400">
          {relativeTime(message.createdAt, now, t)}
        </time>
      </div>
    </div>
  );
});

/** The largest side of an image in a bubble, px. */
const IMAGE_BOX = 240;

/** A message's picture, scaled into the bubble with its space reserved from the sent size; a click opens the viewer. */
function MessageImage({ message, own, action }: { message: PrivateMessage; own: boolean; action: React.ReactNode }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const image = message.image!;
  const scale = image.width && image.height ? Math.min(1, IMAGE_BOX / Math.max(image.width, image.height)) : 0;
  const size = scale ? { width: Math.round(image.width * scale), height: Math.round(image.height * scale) } : { width: IMAGE_BOX, height: IMAGE_BOX };
  const alt = t('message.imageFrom', { name: message.from.name });
  return (
    <div className={`mb-1 flex items-center gap-1 ${own ? 'flex-row-reverse' : ''}`}>
      <button
        type="button"
        data-testid="private-message-image"
        onClick={() => setViewing(true)}
        aria-label={t('message.openImage')}
        className="max-w-full cursor-zoom-in overflow-hidden rounded-2xl bg-zinc-100 shadow-sm ring-1 ring-zinc-900/5 dark:bg-zinc-800 dark:ring-white/5"
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
      >
        <img src={image.sourceUrl} alt={alt} width={size.width} height={size.height} loading="lazy" className="size-full object-cover" />
      </button>
      {action}
      {viewing && <ImageViewer images={[{ src: image.sourceUrl, alt, width: image.width, height: image.height }]} onClose={() => setViewing(false)} />}
    </div>
  );
}

/** Delete, after a confirmation; a toast confirms it is done. */
const DeleteButton = observer(function DeleteButton({ message }: { message: PrivateMessage }) {
  const { messages } = useStores();
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      label={t('message.delete')}
      title={t('message.deleteConfirm')}
      text={t('message.deleteConfirmText')}
      confirmLabel={t('message.deleteAction')}
      onConfirm={() => void messages.delete(message)}
      testId="message-delete-confirm"
    />
  );
});
