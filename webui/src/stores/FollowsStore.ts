import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { InboxUser } from '../api/socket';
import { FOLLOWINGS_PAGE_SIZE } from '../models/PrivateMessage';
import type { RootStore } from './RootStore';

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
export interface FollowedUser extends InboxUser {
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
 * unfollowing (profile.followUser; guests get the login box instead), and the members the viewer
 * follows, 12 a page (profile.follow), for the private-message box.
 */
export class FollowsStore {
  stats = observable.map<string, FollowStats>();
  /** Members whose follow or unfollow is on its way. */
  toggling = observable.set<string>();

  followings: FollowedUser[] = [];
  followingsTotal = 0;
  followingsLoaded = false;
  followingsFetching = false;
  followingsHasMore = false;

  private followingsCursor = '';
  private followingsRequest: Promise<void> | null = null;
  private readonly statsRequests = new Map<string, Promise<void>>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<FollowsStore, 'followingsRequest' | 'statsRequests'>(this, {
      root: false,
      followingsRequest: false,
      statsRequests: false,
    });
  }

  /** Loads a member's counts; concurrent calls share the request. */
  loadStats(userId: string): Promise<void> {
    let request = this.statsRequests.get(userId);
    if (!request) {
      request = this.fetchStats(userId).finally(() => this.statsRequests.delete(userId));
      this.statsRequests.set(userId, request);
    }
    return request;
  }

  private async fetchStats(userId: string) {
    const reply = await this.root.client.call<{ followStats: FollowStats }>('profile.followStats', { userId });
    if (!reply.ok) return;
    runInAction(() => this.stats.set(userId, reply.data.followStats));
  }

  /** Follows or unfollows a member; a guest is asked to log in and nothing is sent (SPEC §6). */
  async toggleFollow(userId: string) {
    if (!this.root.auth.requireLogin() || this.toggling.has(userId)) return;
    const follow = !this.stats.get(userId)?.isFollowing;
    this.toggling.add(userId);
    const reply = await this.root.client.request<FollowUserReply>('profile.followUser', { userId, follow });
    runInAction(() => {
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
      this.resetFollowings();
    });
  }

  /** Loads the first page of the viewer's followings once. */
  loadFollowings(): Promise<void> {
    if (this.followingsLoaded) return Promise.resolve();
    this.followingsRequest ??= this.fetchFollowings('').finally(() => {
      this.followingsRequest = null;
    });
    return this.followingsRequest;
  }

  /** Loads the next page of followings (the list's end was reached). */
  loadMoreFollowings(): Promise<void> {
    if (!this.followingsLoaded || !this.followingsHasMore || !this.followingsCursor) return Promise.resolve();
    this.followingsRequest ??= this.fetchFollowings(this.followingsCursor).finally(() => {
      this.followingsRequest = null;
    });
    return this.followingsRequest;
  }

  private async fetchFollowings(after: string) {
    const viewerId = this.root.auth.viewer?.data.databaseId;
    if (!viewerId) return;
    this.followingsFetching = true;
    const reply = await this.root.client.request<FollowListReply>('profile.follow', {
      userId: viewerId,
      type: 'following',
      first: FOLLOWINGS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    runInAction(() => {
      this.followingsFetching = false;
      if (!reply || this.root.auth.viewer?.data.databaseId !== viewerId) return;
      const held = new Set(this.followings.map((user) => user.databaseId));
      for (const { node } of reply.follow.edges) if (!held.has(node.databaseId)) this.followings.push(node);
      this.followingsCursor = reply.follow.pageInfo.endCursor || this.followingsCursor;
      this.followingsHasMore = reply.follow.pageInfo.hasNextPage;
      this.followingsTotal = reply.follow.totalCount;
      this.followingsLoaded = true;
    });
  }

  private resetFollowings() {
    this.followings = [];
    this.followingsTotal = 0;
    this.followingsLoaded = false;
    this.followingsHasMore = false;
    this.followingsCursor = '';
  }

  /** Forgets everything (another viewer: the follow states were theirs). */
  reset() {
    this.stats.clear();
    this.toggling.clear();
    this.resetFollowings();
  }
}
