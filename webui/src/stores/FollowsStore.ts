import { action, computed, makeObservable, observable, override } from 'mobx';
import type { Summary } from '../api/wire.gen';
import { FOLLOWINGS_PAGE_SIZE } from '../models/PrivateMessage';
import type { RootStore } from './RootStore';
import { PagedStore, type Page, type PageDirection } from './base/PagedStore';

/** A member's follow counts and how the viewer stands with them (profile.followStats). */
export interface FollowStats {
  userId: string;
  followers: number;
  following: number;
  isFollowing: boolean;
  isFollowedBy: boolean;
  isBlocked: boolean;
}

/** A member of a follow list. */
export interface FollowedUser extends Summary {
  description: string;
  isFollowing: boolean;
}

interface FollowListReply {
  follow: { edges: { cursor: string; node: FollowedUser }[]; pageInfo: { endCursor: string; hasNextPage: boolean }; totalCount: number };
}

interface FollowUserReply {
  gqFollowUser: { userId: string; isFollowing: boolean; followers: number; following: number };
}

/**
 * Follows: each member's counts and the viewer's follow state (profile.followStats), following and
 * unfollowing (profile.followUser; guests get the login box instead), and, as the collection, the
 * members the viewer follows, 12 a page (profile.follow), for the private-message box.
 */
export class FollowsStore extends PagedStore<FollowedUser, FollowedUser> {
  stats = observable.map<string, FollowStats>();
  /** Members whose follow or unfollow is on its way. */
  toggling = observable.set<string>();
  followingsTotal = 0;

  constructor(root: RootStore) {
    super(root, 'FollowsStore');
    makeObservable(this, { followingsTotal: observable, followings: computed, toggleFollow: action, reset: override });
  }

  protected idOf(user: FollowedUser) {
    return user.databaseId;
  }

  protected create(user: FollowedUser) {
    return user;
  }

  protected update(held: FollowedUser, user: FollowedUser) {
    Object.assign(held, user);
  }

  /** The members the viewer follows, in the order the pages gave them. */
  get followings(): FollowedUser[] {
    return [...this.data.values()];
  }

  /** Loads a member's counts; concurrent calls share the request. */
  loadStats(userId: string): Promise<void> {
    return this.shared(`stats:${userId}`, () => this.fetchStats(userId));
  }

  private async fetchStats(userId: string) {
    const reply = await this.root.client.call('profile.followStats', { userId });
    if (!reply.ok) return;
    this.inAction('fetchStats', () => this.stats.set(userId, reply.data.followStats));
  }

  /** Follows or unfollows a member; a guest is asked to log in and nothing is sent (SPEC §6). */
  async toggleFollow(userId: string) {
    if (!this.root.auth.requireLogin() || this.toggling.has(userId)) return;
    const follow = !this.stats.get(userId)?.isFollowing;
    this.toggling.add(userId);
    const reply = await this.root.client.request<FollowUserReply>('profile.followUser', { userId, follow });
    this.inAction('toggleFollow', () => {
      this.toggling.delete(userId);
      const result = reply?.gqFollowUser;
      if (!result) return;
      const held = this.stats.get(userId);
      this.stats.set(userId, {
        userId,
        followers: result.followers,
        following: held?.following ?? 0,
        isFollowing: result.isFollowing,
        isFollowedBy: held?.isFollowedBy ?? false,
        isBlocked: held?.isBlocked ?? false,
      });
      const viewerId = this.root.auth.viewer?.data.databaseId;
      const own = viewerId ? this.stats.get(viewerId) : undefined;
      if (own) own.following = result.following;
      // The followings list changed order and content: read it again when next shown.
      this.data.clear();
      this.followingsTotal = 0;
      this.resetPaging();
    });
  }

  protected async fetchPage(_direction: PageDirection, after: string): Promise<Page<FollowedUser> | null> {
    const viewerId = this.root.auth.viewer?.data.databaseId;
    if (!viewerId) return null;
    const reply = await this.root.client.request<FollowListReply>('profile.follow', {
      userId: viewerId,
      type: 'following',
      first: FOLLOWINGS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    if (!reply || this.root.auth.viewer?.data.databaseId !== viewerId) return null;
    return {
      items: reply.follow.edges.map((edge) => edge.node),
      olderCursor: reply.follow.pageInfo.endCursor,
      hasOlder: reply.follow.pageInfo.hasNextPage,
      apply: () => {
        this.followingsTotal = reply.follow.totalCount;
      },
    };
  }

  /** Forgets everything (another viewer: the follow states were theirs). */
  override reset() {
    super.reset();
    this.stats.clear();
    this.toggling.clear();
    this.followingsTotal = 0;
  }
}
