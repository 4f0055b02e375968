import { CalendarDays, Globe, MapPin, PenLine, Sparkles } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockList, pageBlocks } from '../components/Page/Blocks/BlockList';
import { FollowListSheet } from '../components/Profile/FollowListSheet';
import { OnlineDot } from '../components/Profile/OnlineDot';
import { ProfileBadges } from '../components/Profile/ProfileBadges';
import { ProfileTabs } from '../components/Profile/ProfileTabs';
import { ViewerBadges } from '../components/User/Badges';
import { FollowActions, FollowCounts } from '../components/User/FollowActions';
import { ReportButton } from '../components/Report/ReportMenu';
import { avatarSrc, type Viewer } from '../models/Viewer';
import { useDocumentTitle } from '../routing/useDocumentTitle';
import { OnlineStatus } from '../stores/profile/OnlineStatus';
import { ProfileLists } from '../stores/profile/ProfileLists';
import { useStores } from '../stores/StoresContext';
import type { ModuleProps } from './ModuleFrame';

/**
 * The profile module (a lazily loaded chunk), on the route made from a member's slug: the member's
 * card (avatar with the online dot, name, badges, introduction, follow counts that open the follow
 * lists; the viewer's own card has their edit buttons, another's follow and message, a guest's
 * follow asks to log in first), then tabs of the member's articles, topics, answers and, on the
 * viewer's own profile, drafts.
 */
export default observer(function ProfileModule({ page, blocks, profile }: ModuleProps) {
  const root = useStores();
  const { auth, ui } = root;
  const { t } = useTranslation();
  const own = auth.viewer && auth.viewer.data.databaseId === page.id ? auth.viewer : null;
  const viewerId = auth.viewer?.data.databaseId ?? null;
  useDocumentTitle(own?.name || profile?.name || page.title || page.slug || t('page.profile.title'));
  // Gated items read differently for another viewer: their lists are read again.
  const lists = useMemo(() => new ProfileLists(root, page.id), [root, page.id, viewerId]);
  const online = useMemo(() => new OnlineStatus(root, page.id), [root, page.id]);
  useEffect(() => online.start(), [online]);
  const openFollows = (kind: 'followers' | 'following') => lists.openFollows(kind);
  return (
    <>
      {own ? (
        <OwnProfileCard viewer={own} online={online} onOpenFollows={openFollows} />
      ) : (
        <ProfileHeader
          userId={page.id}
          slug={profile?.gqSlug || page.slug}
          name={profile?.name || page.title || page.slug}
          avatarUrl={profile?.avatar.url}
          description={profile?.description}
          level={profile?.gqLevel}
          vip={profile?.gqVIP}
          online={online}
          onOpenFollows={openFollows}
        />
      )}
      {pageBlocks(blocks, ui.device).length > 0 && (
        <section className="mx-auto w-full max-w-[var(--site-width,72rem)] px-4 pt-6 sm:px-5">
          <BlockList blocks={pageBlocks(blocks, ui.device)} titled />
        </section>
      )}
      <ProfileTabs lists={lists} own={own !== null} />
      <FollowListSheet lists={lists} />
    </>
  );
});

const CARD = 'mx-auto w-full max-w-[var(--site-width,72rem)] px-4 pt-8 sm:px-5 sm:pt-10';

const OwnProfileCard = observer(function OwnProfileCard({
  viewer,
  online,
  onOpenFollows,
}: {
  viewer: Viewer;
  online: OnlineStatus;
  onOpenFollows: (kind: 'followers' | 'following') => void;
}) {
  const { auth, levelTips } = useStores();
  const { t } = useTranslation();
  const profile = viewer.data.profile ?? {};
  return (
    <section className={CARD} data-testid="own-profile">
      <div className="overflow-hidden rounded-3xl bg-white ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
        <div className="h-24 bg-gradient-to-r from-brand-400 via-brand-600 to-brand-700 sm:h-32" />
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6">
          <span className="relative -mt-12 shrink-0">
            <img
              src={avatarSrc(viewer.avatarUrl, viewer.data.gqSlug || viewer.data.databaseId)}
              alt=""
              className="size-24 rounded-full bg-zinc-100 ring-4 ring-white dark:bg-zinc-800 dark:ring-zinc-900"
            />
            <OnlineDot status={online} className="bottom-1.5 right-1.5 size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold tracking-tight">{viewer.name}</h1>
            <ViewerBadges viewer={viewer} className="mt-1.5" />
          </div>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              onClick={() => levelTips.open()}
              className="inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium ring-1 ring-zinc-200 transition hover:bg-zinc-50 dark:ring-zinc-700 dark:hover:bg-zinc-800"
            >
              <Sparkles className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
              {t('common.userMenu.levelTips')}
            </button>
            <button
              type="button"
              onClick={() => auth.editProfile()}
              className="inline-flex h-9 items-center gap-1.5 rounded-full bg-zinc-900 px-3.5 text-sm font-medium text-white transition hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
            >
              <PenLine className="size-4" aria-hidden />
              {t('common.userMenu.editProfile')}
            </button>
          </div>
        </div>
        <div className="space-y-3 px-5 pb-6 sm:px-6">
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{viewer.data.description || t('page.profile.noDescription')}</p>
          <FollowCounts userId={viewer.data.databaseId} onOpen={onOpenFollows} />
          <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-zinc-500 dark:text-zinc-400">
            {profile.location && (
              <li className="flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden />
                {profile.location}
              </li>
            )}
            {profile.birthday && (
              <li className="flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden />
                {profile.birthday}
              </li>
            )}
            {profile.website && (
              <li className="flex items-center gap-1.5">
                <Globe className="size-4" aria-hidden />
                <a href={profile.website} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 hover:underline dark:text-brand-400">
                  {profile.website.replace(/^https?:\/\//, '')}
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
    </section>
  );
});

/** Another member's page: their name, avatar, badges, follow counts, follow and message (a guest is asked to log in). */
const ProfileHeader = observer(function ProfileHeader({
  userId,
  slug,
  name,
  avatarUrl,
  description,
  level,
  vip,
  online,
  onOpenFollows,
}: {
  userId: string;
  slug: string;
  name: string;
  avatarUrl?: string;
  description?: string;
  level?: string;
  vip?: string;
  online: OnlineStatus;
  onOpenFollows: (kind: 'followers' | 'following') => void;
}) {
  const user = { id: userId, databaseId: userId, name, gqSlug: slug, avatar: { url: avatarUrl ?? '' } };
  return (
    <section className={CARD}>
      <div className="flex flex-col gap-4 rounded-3xl bg-white p-5 ring-1 ring-zinc-900/5 sm:flex-row sm:items-center dark:bg-zinc-900 dark:ring-white/10">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <span className="relative shrink-0">
            <img src={avatarSrc(avatarUrl, slug || userId)} alt="" className="size-16 rounded-full bg-zinc-100 dark:bg-zinc-800" />
            <OnlineDot status={online} className="bottom-0.5 right-0.5 size-3.5" />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold">{name}</h1>
            <ProfileBadges level={level} vip={vip} className="mt-1" />
            {description ? <p className="mt-0.5 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-300">{description}</p> : null}
            <FollowCounts userId={userId} className="mt-1" onOpen={onOpenFollows} />
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <FollowActions user={user} />
          <ReportButton target={{ postType: 'user', postId: userId, summary: name }} />
        </div>
      </div>
    </section>
  );
});
