import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { TextBubble } from '../common/TextBubble';
import type { User } from '../../api/wire.gen';
import type { ChatMessage } from '../../models/ChatMessage';
import { avatarSrc } from '../../models/Viewer';
import { useStores } from '../../stores/StoresContext';
import { profilePath } from '../../utils/links';
import { relativeTime } from '../../utils/time';
import { LocalizedLink } from '../common/LocalizedLink';
import { ReportMenu } from '../Report/ReportMenu';
import '../../stores/ChatStore'; // builds root's store on first use (stores/lazyStores.ts)

function Avatar({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <LocalizedLink to={profilePath(user)} aria-label={t('chat.profile', { name: user.name })} className="shrink-0 self-end">
      <img
        src={avatarSrc(user.avatar?.url, user.gqSlug || user.databaseId)}
        alt=""
        className="size-8 rounded-full bg-zinc-100 object-cover ring-2 ring-white dark:bg-zinc-800 dark:ring-zinc-900"
        loading="lazy"
      />
    </LocalizedLink>
  );
}

/** One message: avatar and name linking to the profile, the text, its relative time, and delete when allowed. */
export const MessageItem = observer(function MessageItem({ message, now, own }: { message: ChatMessage; now: number; own: boolean }) {
  const { chat, auth } = useStores();
  const { t } = useTranslation();
  const deletable = message.canBeDeletedBy(chat.actor);
  const reportable = !own && auth.isLoggedIn;
  return (
    <div data-testid="chat-message" data-id={message.id} className={`group flex gap-2 px-4 py-1.5 ${own ? 'flex-row-reverse' : ''}`}>
      <Avatar user={message.user} />
      <div className={`flex min-w-0 max-w-[78%] flex-col ${own ? 'items-end' : 'items-start'}`}>
        <div className={`mb-0.5 flex items-baseline gap-2 px-1 text-xs ${own ? 'flex-row-reverse' : ''}`}>
          <LocalizedLink to={message.profilePath} className="max-w-40 truncate font-medium text-zinc-700 hover:underline dark:text-zinc-200">
            {message.user.name}
          </LocalizedLink>
          <time dateTime={new Date(message.createdAt).toISOString()} title={new Date(message.createdAt).toLocaleString()} className="shrink-0 text-zinc-400">
            {relativeTime(message.createdAt, now, t)}
          </time>
        </div>
        <TextBubble
          own={own}
          action={
            (deletable || reportable) && (
              <>
                {deletable && <DeleteButton message={message} />}
                {reportable && <ReportMenu target={{ postType: 'chatMessage', postId: message.id, summary: message.text }} />}
              </>
            )
          }
        >
          {message.text}
        </TextBubble>
      </div>
    </div>
  );
});

/** Delete, after a confirmation; a toast confirms it is done. */
const DeleteButton = observer(function DeleteButton({ message }: { message: ChatMessage }) {
  const { chat } = useStores();
  const { t } = useTranslation();
  return (
    <ConfirmDelete
      label={t('chat.delete')}
      title={t('chat.deleteConfirm')}
      text={t('chat.deleteConfirmText')}
      confirmLabel={t('chat.deleteAction')}
      onConfirm={() => void chat.delete(message)}
    />
  );
});

/** A message on its way: shown faded until the room sends it back. */
export function OutgoingItem({ text, user }: { text: string; user: User | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid="chat-outgoing" className="flex flex-row-reverse gap-2 px-4 py-1.5 opacity-60">
      {user && <Avatar user={user} />}
      <div className="flex max-w-[78%] flex-col items-end">
        <span className="mb-0.5 px-1 text-xs text-zinc-400">{t('chat.sending')}</span>
        <p className="whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-600 px-3.5 py-2 text-sm leading-relaxed text-white">{text}</p>
      </div>
    </div>
  );
}
