import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { TextBubble } from '../common/TextBubble';
import type { PrivateMessage } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';

/** One private message: the text as plain text (line breaks kept), its time, and delete for its sender. */
export const MessageBubble = observer(function MessageBubble({ message, own, now }: { message: PrivateMessage; own: boolean; now: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="private-message" data-id={message.id} className={`group flex px-4 py-1 ${own ? 'justify-end' : 'justify-start'}`}>
      <div className={`flex max-w-[80%] flex-col ${own ? 'items-end' : 'items-start'}`}>
        <TextBubble own={own} action={own && <DeleteButton message={message} />}>
          {message.content}
        </TextBubble>
        <time dateTime={new Date(message.createdAt).toISOString()} title={new Date(message.createdAt).toLocaleString()} className="mt-0.5 px-1 text-[11px] text-zinc-400">
          {relativeTime(message.createdAt, now, t)}
        </time>
      </div>
    </div>
  );
});

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
