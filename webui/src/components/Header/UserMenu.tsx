import { observer } from 'mobx-react-lite';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarSrc, type Viewer } from '../../models/Viewer';
import { DeferredTrigger } from '../../routing/deferred';
import { useStores } from '../../stores/StoresContext';
import { shellPart } from '../Layout/shellParts';

/**
 * A guest sees a login button; a member gets the account menu (SPEC §2, user
 * menu), whose chunk loads on hover, focus, first press or idle.
 */
export const UserMenu = observer(function UserMenu() {
  const { auth, openLogin } = useStores();
  const { t } = useTranslation();
  const viewer = auth.viewer;
  if (!viewer) {
    return (
      <button
        type="button"
        onClick={() => openLogin()}
        className="ml-1 inline-flex h-8 shrink-0 items-center whitespace-nowrap rounded-full bg-zinc-900 px-3 text-[0.8125rem] font-medium sm:h-9 sm:px-4 sm:text-sm text-white transition hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
      >
        {t('common.header.login')}
      </button>
    );
  }
  return (
    <DeferredTrigger part={shellPart} openOn="pointerdown" shell={(handlers) => <MemberMenuButton viewer={viewer} {...handlers} />}>
      {({ MemberMenu }, start) => <MemberMenu viewer={viewer} start={start} />}
    </DeferredTrigger>
  );
});

/** The account menu's trigger: the avatar, with a dot while something is unread. */
export const MemberMenuButton = observer(function MemberMenuButton({ viewer, ...props }: { viewer: Viewer } & ComponentProps<'button'>) {
  const { inbox } = useStores();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('common.user.menu')}
      data-testid="user-menu"
      {...props}
      className="relative ml-1 size-9 shrink-0 rounded-full ring-2 ring-white/70 transition hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:ring-zinc-800"
    >
      <img
        src={avatarSrc(viewer.avatarUrl, viewer.data.gqSlug || viewer.data.databaseId)}
        alt=""
        className="size-full rounded-full bg-zinc-100 object-cover dark:bg-zinc-800"
      />
      {inbox.unreadNotifications + inbox.unreadMessages > 0 && (
        <span className="absolute -right-0.5 -top-0.5 size-2.5 rounded-full bg-rose-500 ring-2 ring-white dark:ring-zinc-900" />
      )}
    </button>
  );
});
