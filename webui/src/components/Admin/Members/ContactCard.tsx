import { Bell, Copy, LogIn } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetailStore } from '../../../stores/admin/MemberDetailStore';
import { useStores } from '../../../stores/StoresContext';
import { AdminCard } from '../common/AdminCard';
import { InlineError } from '../common/InlineError';
import { FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON, SMALL_BUTTON } from '../common/styles';

/** Limits of admin.sendNotification. */
const MAX_TITLE = 200;
const MAX_TEXT = 2000;

/** Reaching the member: a notification from the site, and a one-time link that logs in as them. */
export const ContactCard = observer(function ContactCard({ store }: { store: MemberDetailStore }) {
  return (
    <>
      <NotifyForm store={store} />
      <LoginAs store={store} />
    </>
  );
});

const NotifyForm = observer(function NotifyForm({ store }: { store: MemberDetailStore }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  return (
    <AdminCard title={t('admin.members.notify.title')} icon={Bell} testId="member-notify">
      <form
        className="flex flex-col gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!title.trim()) return;
          if (await store.sendNotification(title, text, url)) {
            setTitle('');
            setText('');
            setUrl('');
          }
        }}
      >
        <label className={LABEL} htmlFor={`${id}-title`}>
          {t('admin.members.notify.heading')}
          <input id={`${id}-title`} maxLength={MAX_TITLE} value={title} onChange={(event) => setTitle(event.target.value)} className={FIELD} />
        </label>
        <label className={LABEL} htmlFor={`${id}-text`}>
          {t('admin.members.notify.text')}
          <textarea id={`${id}-text`} rows={3} maxLength={MAX_TEXT} value={text} onChange={(event) => setText(event.target.value)} className={`${FIELD} h-auto py-2`} />
        </label>
        <label className={LABEL} htmlFor={`${id}-url`}>
          {t('admin.members.notify.url')}
          <input id={`${id}-url`} value={url} placeholder="/docs/…" onChange={(event) => setUrl(event.target.value)} className={FIELD} />
        </label>
        <InlineError message={store.errors.get('sendNotification')} />
        <button type="submit" className={`${PRIMARY_BUTTON} self-start`} disabled={!title.trim() || store.busy.has('sendNotification')}>
          {t('admin.members.notify.send')}
        </button>
      </form>
    </AdminCard>
  );
});

const LoginAs = observer(function LoginAs({ store }: { store: MemberDetailStore }) {
  const { t } = useTranslation();
  const { toasts } = useStores();
  const link = store.loginLink;
  return (
    <AdminCard title={t('admin.members.loginAs.title')} icon={LogIn} testId="member-login-as">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('admin.members.loginAs.hint')}</p>
      {link ? (
        <div className="flex flex-wrap items-center gap-2">
          <input readOnly value={link} onFocus={(event) => event.target.select()} className={`${FIELD} min-w-0 flex-1 font-mono text-xs`} aria-label={t('admin.members.loginAs.link')} data-testid="member-login-link" />
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(link);
                toasts.success(t('admin.members.loginAs.copied'));
              } catch {
                toasts.error(t('admin.members.loginAs.copyFailed'));
              }
            }}
          >
            <Copy className="size-3.5" aria-hidden />
            {t('admin.members.loginAs.copy')}
          </button>
        </div>
      ) : (
        <button type="button" className={`${SECONDARY_BUTTON} self-start`} disabled={store.busy.has('loginToken')} onClick={() => void store.makeLoginLink()} data-testid="member-login-make">
          {t('admin.members.loginAs.make')}
        </button>
      )}
      <InlineError message={store.errors.get('loginToken')} />
    </AdminCard>
  );
});
