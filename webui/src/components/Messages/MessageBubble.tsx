import * as Popover from '@radix-ui/react-popover';
import { Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Delete, after a confirmation (SPEC §5); a toast confirms it is done. */
const DeleteButton = observer(function DeleteButton({ message }: { message: PrivateMessage }) {
  const { messages } = useStores();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={t('message.delete')}
        className="rounded-full p-1.5 text-zinc-400 opacity-0 transition hover:bg-red-50 hover:text-red-600 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 dark:hover:bg-red-500/10 [@media(hover:none)]:opacity-100"
      >
        <Trash2 className="size-3.5" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          data-testid="message-delete-confirm"
          className="z-[60] w-60 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-800 dark:ring-white/10"
        >
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{t('message.deleteConfirm')}</p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t('message.deleteConfirmText')}</p>
          <div className="mt-3 flex justify-end gap-2">
            <Popover.Close className="rounded-lg px-3 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700">
              {t('common.cancel')}
            </Popover.Close>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void messages.remove(message);
              }}
              className="rounded-lg bg-red-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-red-700"
            >
              {t('message.deleteAction')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
