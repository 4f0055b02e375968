import { ImagePlus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaRight, pastedImageProblem, type MediaItemData } from '../../models/MediaItem';
import { MESSAGE_MAX_LENGTH, messageLength, messageRows, type PrivateMessageImage } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { imageDimensions, namedForUpload, pastedImages } from '../../utils/imageFile';
import { Composer, LengthCounter } from '../common/Composer';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/MessagesStore'; // builds root's store on first use (stores/lazyStores.ts)
import '../../stores/UploadStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The counter shows from this share of the maximum on. */
const COUNTER_FROM = 0.9;

/** The image going with the next message: a pasted one on its way up (shown from the file), or one of the library. */
type Attachment = { state: 'uploading'; preview: string } | { state: 'ready'; image: PrivateMessageImage };

function asImage(item: MediaItemData): PrivateMessageImage {
  return { id: item.databaseId || item.id, sourceUrl: item.sourceUrl, width: item.width, height: item.height };
}

/**
 * The message box of a conversation: 3 to 6 rows as the text grows (SPEC §5), Enter sends on a
 * keyboard (Shift+Enter breaks the line; on phones Enter breaks it), and send is disabled while
 * sending. The text is kept when the send fails. With image rights, an image goes along: picked
 * from the media library, or pasted (checked per SPEC §5, uploaded, its placeholder removed when
 * refused or failed).
 */
export const MessageComposer = observer(function MessageComposer() {
  const { messages, ui, auth, media, uploads, toasts } = useStores();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const length = messageLength(text.trim());
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const image = attachment?.state === 'ready' ? attachment.image : null;
  const blank = text.trim() === '' && !image;
  const right = mediaRight(auth.viewer?.data.gqRoles, 'image');
  const uploading = attachment?.state === 'uploading';

  useEffect(() => () => {
    if (attachment?.state === 'uploading') URL.revokeObjectURL(attachment.preview);
  }, [attachment]);

  const submit = async () => {
    if (blank || tooLong || messages.isSending || uploading) return;
    if (await messages.send(text, image)) {
      setText('');
      setAttachment(null);
    }
  };

  const pick = async () => {
    const [item] = await media.pick({ type: 'image', limit: 1 });
    if (item) setAttachment({ state: 'ready', image: asImage(item) });
  };

  const paste = async (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const [file] = pastedImages(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    if (uploads.refuseWhileBusy()) return;
    const placeholder: Attachment = { state: 'uploading', preview: URL.createObjectURL(file) };
    setAttachment(placeholder);
    const drop = () => setAttachment((held) => (held === placeholder ? null : held));
    const problem = pastedImageProblem(right, file.size, await imageDimensions(file));
    if (problem) {
      toasts.error(t(problem.key, problem.values));
      return drop();
    }
    const [item] = (await uploads.upload([namedForUpload(file)], { type: 'image' })) ?? [];
    if (!item) return drop();
    setAttachment((held) => (held === placeholder ? { state: 'ready', image: asImage(item) } : held));
  };

  return (
    <Composer
      text={text}
      onTextChange={setText}
      onSubmit={() => void submit()}
      placeholder={t('message.placeholder')}
      sendLabel={t('message.send')}
      tooLong={tooLong}
      blocked={blank || tooLong || messages.isSending || uploading}
      busy={messages.isSending}
      enterSends={!ui.isMobile}
      rows={messageRows(text)}
      counter={length >= MESSAGE_MAX_LENGTH * COUNTER_FROM && <LengthCounter length={length} max={MESSAGE_MAX_LENGTH} />}
      inputTestId="message-input"
      onPaste={(event) => void paste(event)}
      leading={
        right.can && (
          <button
            type="button"
            data-testid="message-add-image"
            onClick={() => void pick()}
            disabled={uploading}
            aria-label={t('message.addImage')}
            title={t('message.addImage')}
            className="-ml-2 mb-0.5 grid size-9 shrink-0 place-items-center rounded-xl text-zinc-500 transition hover:bg-zinc-200 hover:text-zinc-900 disabled:opacity-50 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
          >
            <ImagePlus className="size-4" aria-hidden />
          </button>
        )
      }
      above={attachment && <AttachmentPreview attachment={attachment} onRemove={() => setAttachment(null)} percent={uploads.percent} />}
    />
  );
});

function AttachmentPreview({ attachment, onRemove, percent }: { attachment: Attachment; onRemove: () => void; percent: number }) {
  const { t } = useTranslation();
  const uploading = attachment.state === 'uploading';
  return (
    <div data-testid="message-attachment" data-state={attachment.state} className="mb-2 flex">
      <div className="relative size-20 overflow-hidden rounded-xl bg-zinc-100 ring-1 ring-zinc-900/5 dark:bg-zinc-800">
        <img src={uploading ? attachment.preview : attachment.image.sourceUrl} alt={t('message.image')} className={`size-full object-cover ${uploading ? 'opacity-50' : ''}`} />
        {uploading ? (
          <span className="absolute inset-0 grid place-items-center text-xs font-semibold tabular-nums text-zinc-900 dark:text-white" role="status">
            {percent}%
          </span>
        ) : (
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('message.removeImage')}
            className="absolute right-1 top-1 grid size-6 place-items-center rounded-full bg-zinc-900/70 text-white hover:bg-zinc-900"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
