import { action, computed, makeObservable, observable, override, runInAction } from 'mobx';
import { isUnavailable } from '../api/client';
import type { CommentNode } from '../api/wire.gen';
import { listStatus, type ListStatus } from './ArticleList';
import { RelayList } from './community/RelayList';
import type { ContentStore } from './ContentStore';

/** What comments may be written on (content.comments, mutates.createComment). */
export type CommentTarget = 'article' | 'topic' | 'answer';

/** Comments asked for per page (content.comments allows up to 50). */
export const COMMENTS_PAGE_SIZE = 20;

/** The i18n key of the refusal content.comments answers while the target is gated. */
const GATED = 'content.error.gated';

/** A top-level comment and the replies shown under it (one level: replies to replies join it too). */
export interface CommentGroup {
  comment: CommentNode;
  replies: CommentNode[];
}

/** A fresh client id for one comment, so that a retried send stores it once. */
function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/**
 * The comments of one article, topic or answer: the pages read so far (the oldest first), the
 * count, and what the viewer sends and deletes. A comment arriving twice (the reply to the
 * viewer's own send and its live event) is kept once.
 */
export class CommentThread extends RelayList<CommentNode> {
  /** The target's live comments, as the server last counted them; null before the first page. */
  count: number | null = null;
  /** content.comments refused: the viewer may not read them yet (a comment may open the gate). */
  gated = false;
  /** The first page could not be read. */
  failed = false;
  isSending = false;
  /** Comments being deleted, by databaseId. */
  readonly deleting = observable.set<string>();

  /** The id of the send under way or last failed for want of an answer: a retry reuses it. */
  private clientId: string | null = null;

  constructor(
    readonly store: ContentStore,
    readonly targetType: CommentTarget,
    readonly targetId: string,
  ) {
    super(store.root, 'CommentThread', (after) => this.fetchComments(after), 'oldest');
    makeObservable(this, {
      count: observable,
      gated: observable,
      failed: observable,
      isSending: observable,
      status: computed,
      groups: computed,
      reset: override,
      reopen: action,
      receiveLive: action,
      drop: action,
      setLikes: action,
    });
  }

  /** Where the list stands: `gated` while the viewer may not read the comments. */
  get status(): ListStatus | 'gated' {
    return !this.isLoaded && !this.isFetching && this.gated ? 'gated' : listStatus(this, this.failed);
  }

  /** The comments grouped for display: each top-level comment with its replies, the oldest first. */
  get groups(): CommentGroup[] {
    const rootOf = (comment: CommentNode): CommentNode => {
      let current = comment;
      for (let depth = 0; current.replyTo && depth < 50; depth++) {
        const parent = this.get(current.replyTo);
        if (!parent) break;
        current = parent;
      }
      return current;
    };
    const groups = new Map<string, CommentGroup>();
    for (const comment of this.items) {
      const root = rootOf(comment);
      const group = groups.get(root.databaseId) ?? { comment: root, replies: [] };
      if (root !== comment) group.replies.push(comment);
      groups.set(root.databaseId, group);
    }
    return [...groups.values()];
  }

  /** Reads the first page once; concurrent calls share the request. */
  load(): Promise<void> {
    runInAction(() => {
      this.gated = false;
      this.failed = false;
    });
    return this.loadLatest();
  }

  /** Forgets everything (the viewer changed); a mounted list reads the first page again. */
  override reset() {
    super.reset();
    this.count = null;
    this.gated = false;
    this.failed = false;
  }

  /** The target's gate opened (an unlock, a comment): a mounted list reads the comments now. */
  reopen() {
    this.gated = false;
  }

  private async fetchComments(after: string) {
    const result = await this.root.client.call('content.comments', {
      targetType: this.targetType,
      targetId: this.targetId,
      first: COMMENTS_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
    return runInAction(() => {
      if (!result.ok) {
        if (result.error.codes?.includes(GATED)) this.gated = true;
        else {
          this.failed = !after;
          this.root.client.showError(result.error);
        }
        return null;
      }
      this.count = result.data.commentCount;
      return result.data.comments;
    });
  }

  /**
   * A comment the socket announced, with the target's new count. A comment beyond the pages not
   * read yet comes with them, unless it is the viewer's own. Without the comment (gated content
   * never travels in events) it is read through content.comments, which checks the gate.
   */
  receiveLive(comment: CommentNode | undefined, commentCount: number) {
    this.count = commentCount;
    if (!this.isLoaded) return;
    if (!comment) {
      void this.catchUp();
      return;
    }
    const own = comment.author.databaseId === this.root.auth.viewer?.data.databaseId;
    if (own || !this.hasMore) this.receive(comment);
  }

  /**
   * Sends a comment (HTML), or a reply to `replyTo`; a guest gets the login box. Answers whether it
   * was stored. A send that got no answer keeps its client id, so sending again stores it once.
   */
  async send(html: string, replyTo?: string): Promise<boolean> {
    if (!this.root.auth.requireLogin() || this.isSending) return false;
    runInAction(() => (this.isSending = true));
    this.clientId ??= newClientId();
    const result = await this.root.client.call('mutates.createComment', {
      targetType: this.targetType,
      targetId: this.targetId,
      content: html,
      clientId: this.clientId,
      ...(replyTo ? { replyTo } : {}),
    });
    runInAction(() => {
      this.isSending = false;
      if (!result.ok) {
        if (!isUnavailable(result.error)) this.clientId = null;
        this.root.client.showError(result.error);
        return;
      }
      this.clientId = null;
      const comment = result.data.gqCreateComment.comment;
      if (!this.get(comment.databaseId)) this.count = (this.count ?? 0) + 1;
      this.add(comment);
      this.reopen();
      this.store.markCommented(this.targetType, this.targetId);
    });
    return result.ok;
  }

  /** Deletes a comment after the viewer confirmed; a success toast says so. */
  async deleteComment(comment: CommentNode): Promise<boolean> {
    if (this.deleting.has(comment.databaseId)) return false;
    runInAction(() => this.deleting.add(comment.databaseId));
    const ok = await this.store.deleteItem('comment', comment.databaseId);
    runInAction(() => {
      this.deleting.delete(comment.databaseId);
      if (ok) this.drop(comment.databaseId);
    });
    return ok;
  }

  /** A comment left (deleted here or elsewhere): its replies stay, shown on their own. */
  drop(id: string) {
    if (this.remove(id) && this.count !== null) this.count = Math.max(0, this.count - 1);
  }

  /** The like state of a comment after the viewer's like or a live count. */
  setLikes(id: string, likeCount: number, isLiked?: boolean) {
    const held = this.get(id);
    if (held) this.add({ ...held, likeCount, isLiked: isLiked ?? held.isLiked });
  }
}
