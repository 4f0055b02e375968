import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../common/ConfirmDelete';
import type { PrivateMessage } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { relativeTime } from '../../utils/time';

/** One private message: the text as plain text (line breaks kept), its time, and delete for its sender. */
export const MessageBubble = observer(function MessageBubble({ message, own, now }: { message: PrivateMessage; own: boolean; now: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="private-message" data-id={message.id} className={`group flex px-4 py-1 ${own ? 'justify-end' : 'justify-start'}`}>
      <div className={`flex max-w-[80%] flex-col ${own ? 'items-end' : 'items-start'}`}>
        <div className={`flex items-center gap-1 ${own ? 'flex-row-reverse' : ''}`}>
          <p
            className={`whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-sm ${
              own
                ? 'rounded-br-md bg-brand-600 text-white'
                : 'rounded-bl-md bg-white text-zinc-800 ring-1 ring-zinc-900/5 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-white/5'
            }`}
          >
            {message.content}
          </p>
          {own && <DeleteButton message={message} />}
        </div>
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
      onConfirm={() => void messages.remove(message)}
      testId="message-delete-confirm"
    />
  );
});
