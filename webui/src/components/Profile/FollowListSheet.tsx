import { Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { FollowNode } from '../../api/wire.gen';
import type { ProfileLists } from '../../stores/profile/ProfileLists';
import { useStores } from '../../stores/StoresContext';
import { profilePath } from '../../utils/links';
import { EmptyState } from '../Feedback/EmptyState';
import { LocalizedLink } from '../common/LocalizedLink';
import { SmallSpinner } from '../common/SmallSpinner';
import { Sheet } from '../Overlay/Sheet';
import { UserAvatar } from '../User/UserAvatar';

/** A member of a follow list: avatar and name (a link to their profile), and their introduction. */
function FollowRow({ user, onOpen }: { user: FollowNode; onOpen: () => void }) {
  return (
    <LocalizedLink
      to={profilePath(user)}
      onClick={onOpen}
      data-testid="follow-row"
      className="flex items-center gap-3 rounded-xl px-3 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
    >
      <UserAvatar user={user} size="md" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{user.name}</span>
        {user.description && <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{user.description}</span>}
      </span>
    </LocalizedLink>
  );
}

/** The side panel listing who follows a member, or whom they follow, a page at a time as it scrolls. */
export const FollowListSheet = observer(function FollowListSheet({ lists }: { lists: ProfileLists }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const kind = lists.followKind;
  const list = kind ? lists.follows(kind) : null;
  useEffect(() => {
    if (list && !list.isLoaded) void list.loadLatest();
  }, [list]);
  const close = () => lists.closeFollows();
  return (
    <Sheet
      open={kind !== null}
      onOpenChange={(open) => !open && close()}
      title={kind ? t(`follow.counts.${kind}`) : ''}
      side={ui.isMobile ? 'bottom' : 'right'}
    >
      {!list || !list.isLoaded ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : list.items.length === 0 ? (
        <div className="p-5">
          <EmptyState icon={Users} title={t(`page.profile.noFollows.${list.kind}`)} />
        </div>
      ) : (
        <Virtuoso<FollowNode>
          data={list.items}
          style={{ height: '100%' }}
          data-testid="follow-list"
          computeItemKey={(_, user) => user.databaseId}
          endReached={() => void list.loadMore()}
          increaseViewportBy={200}
          itemContent={(_, user) => <FollowRow user={user} onOpen={close} />}
          components={{
            Footer: () =>
              list.hasMore ? (
                <div className="grid h-14 place-items-center">
                  <SmallSpinner />
                </div>
              ) : null,
          }}
        />
      )}
    </Sheet>
  );
});
