import { action, makeObservable, observable } from 'mobx';
import type { AuthoredAnswerView, FollowNode, TopicView } from '../../api/wire.gen';
import { ArticleList } from '../ArticleList';
import { RelayList, type FetchConnection } from '../community/RelayList';
import { TopicList, TOPICS_PAGE_SIZE } from '../community/TopicList';
import type { RootStore } from '../RootStore';

/** The tabs of a profile; drafts only on the member's own. */
export const PROFILE_TABS = ['articles', 'topics', 'answers', 'drafts'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The two follow lists of a member. */
export type FollowKind = 'followers' | 'following';

/** Rows of a follow list read at a time (profile.follow allows 50). */
export const FOLLOW_PAGE_SIZE = 20;

/** A member's answers, newest first (community.answers). */
export class AnswerList extends RelayList<AuthoredAnswerView> {
  constructor(root: RootStore, authorId: string) {
    super(
      root,
      'AnswerList',
      async (after) => {
        const reply = await root.client.request('community.answers', {
          authorId,
          first: TOPICS_PAGE_SIZE,
          ...(after ? { after } : {}),
        });
        return reply?.answers ?? null;
      },
      'newest',
    );
  }
}

/** The members following `userId` or followed by them, the most recent first, with the list's length. */
export class FollowList extends RelayList<FollowNode> {
  totalCount: number | null = null;

  constructor(root: RootStore, userId: string, readonly kind: FollowKind) {
    const fetchPage: FetchConnection<FollowNode> = async (after) => {
      const reply = await root.client.request('profile.follow', {
        userId,
        type: kind,
        first: FOLLOW_PAGE_SIZE,
        ...(after ? { after } : {}),
      });
      if (reply) this.setTotal(reply.follow.totalCount);
      return reply?.follow ?? null;
    };
    // Follows are listed in the order they happened, not by member id: keep the pages' order.
    super(root, 'FollowList', fetchPage, 'newest');
    makeObservable(this, { totalCount: observable, setTotal: action });
  }

  setTotal(total: number) {
    this.totalCount = total;
  }

  override get items(): FollowNode[] {
    return [...this.data.values()];
  }
}

/** Reads pages of one member's topics. */
function fetchAuthorTopics(root: RootStore, authorId: string): FetchConnection<TopicView> {
  return async (after) => {
    const reply = await root.client.request('community.topics', {
      authorId,
      first: TOPICS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    return reply?.topics ?? null;
  };
}

/**
 * What a profile page lists of its member: the tab shown, and each tab's list, made when the tab is
 * first shown and kept while the page is (switching back does not read the pages again).
 */
export class ProfileLists {
  tab: ProfileTab = 'articles';
  /** The follow list open in the side panel, if any. */
  followKind: FollowKind | null = null;
  private articleList: ArticleList | null = null;
  private topicList: TopicList | null = null;
  private answerList: AnswerList | null = null;
  private followLists = new Map<FollowKind, FollowList>();

  constructor(
    private readonly root: RootStore,
    readonly userId: string,
  ) {
    makeObservable(this, { tab: observable, followKind: observable, select: action, openFollows: action, closeFollows: action });
  }

  select(tab: ProfileTab) {
    this.tab = tab;
  }

  get articles(): ArticleList {
    this.articleList ??= new ArticleList(this.root, { authorId: this.userId });
    return this.articleList;
  }

  get topics(): TopicList {
    this.topicList ??= new TopicList(this.root, fetchAuthorTopics(this.root, this.userId));
    return this.topicList;
  }

  get answers(): AnswerList {
    this.answerList ??= new AnswerList(this.root, this.userId);
    return this.answerList;
  }

  /** A follow list, read afresh each time the panel opens (follows change while the page is open). */
  follows(kind: FollowKind): FollowList {
    let list = this.followLists.get(kind);
    if (!list) {
      list = new FollowList(this.root, this.userId, kind);
      this.followLists.set(kind, list);
    }
    return list;
  }

  openFollows(kind: FollowKind) {
    this.followLists.delete(kind);
    this.followKind = kind;
  }

  closeFollows() {
    this.followKind = null;
  }
}
