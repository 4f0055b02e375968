import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { ArchiveReply, ArticleNode, ArticleReply, LikeResult } from '../api/wire.gen';
import { ArticleList, type ArticleFilter } from './ArticleList';
import { CommentThread, type CommentTarget } from './CommentThread';
import type { RootStore } from './RootStore';

/** What may be liked (mutates.like). */
export type LikeTarget = CommentTarget | 'comment';
/** What may be deleted (mutates.deleteAction). */
export type DeleteTarget = LikeTarget;

/** How an unlock ended: paid, refused for want of funds (shown beside the price), or failed otherwise (a toast said why). */
export type UnlockOutcome = 'unlocked' | 'insufficient' | 'failed';

const INSUFFICIENT_FUNDS = 'content.error.insufficientFunds';

function targetKey(type: string, id: string): string {
  return `${type}:${id}`;
}

/**
 * Articles, their lists, comment threads, likes, unlocks and deletions (issue 14). Threads and
 * lists are kept per target so that every screen showing one shares it, and live events reach
 * it; all of them start over when the viewer changes (what they may read and like changes).
 */
export class ContentStore {
  /** Articles read (content.article or a page's content), by databaseId. */
  articles = new Map<string, ArticleNode>();
  /** Targets the viewer commented on since the app started: their comment gates are open. */
  commentedOn = new Set<string>();
  /** Likes on their way, by target. */
  liking = new Set<string>();
  /** Unlocks on their way, by target. */
  unlocking = new Set<string>();

  // Plain maps: a thread or list is created while a component renders, which must not be a change
  // that component observes. The thread and list objects themselves are observable.
  private readonly threads = new Map<string, CommentThread>();
  private readonly lists = new Map<string, ArticleList>();
  /**
   * Page contents already taken. A page's data stays cached while newer states (a like, an
   * unlock, live counts) are held here: showing the page again must not bring the old one back.
   */
  private readonly taken = new WeakSet<object>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<ContentStore, 'threads' | 'lists' | 'taken'>(this, { root: false, threads: false, lists: false, taken: false });
    reaction(
      () => root.auth.viewer?.data.databaseId ?? null,
      () => this.viewerChanged(),
    );
  }

  /** The comment thread of a target, created on first use. */
  thread(targetType: CommentTarget, targetId: string): CommentThread {
    const key = targetKey(targetType, targetId);
    let thread = this.threads.get(key);
    if (!thread) {
      thread = new CommentThread(this, targetType, targetId);
      this.threads.set(key, thread);
    }
    return thread;
  }

  /** The article list of a filter, created on first use (with its page size). */
  list(filter: ArticleFilter, pageSize?: number): ArticleList {
    const key = filter.category ? `category:${filter.category}` : filter.tag ? `tag:${filter.tag}` : 'all';
    let list = this.lists.get(key);
    if (!list) {
      list = new ArticleList(this.root, filter, pageSize);
      this.lists.set(key, list);
    }
    return list;
  }

  /** Takes an article page's content, once per page data read. */
  takeArticlePage(reply: ArticleReply) {
    if (this.taken.has(reply)) return;
    this.taken.add(reply);
    this.putArticle(reply.article);
  }

  /** Takes an archive or tag page's content into its list, once per page data read. */
  takeArchivePage(list: ArticleList, reply: ArchiveReply) {
    if (this.taken.has(reply)) return;
    this.taken.add(reply);
    list.seedArchive(reply);
  }

  /** Keeps an article (a page's content or a reply), replacing the one held. */
  putArticle(article: ArticleNode) {
    this.articles.set(article.databaseId, article);
  }

  /** Changes some fields of an article held (a live count). */
  patchArticle(id: string, patch: Partial<ArticleNode>) {
    const article = this.articles.get(id);
    if (article) this.articles.set(id, { ...article, ...patch });
  }

  /** Reads an article again (after an unlock or a comment opened its gate). */
  async reloadArticle(id: string): Promise<void> {
    const reply = await this.root.client.request('content.article', { id });
    if (reply) this.putArticle(reply.article);
  }

  /** Whether the viewer commented on a target since the app started. */
  hasCommented(targetType: string, targetId: string): boolean {
    return this.commentedOn.has(targetKey(targetType, targetId));
  }

  markCommented(targetType: string, targetId: string) {
    this.commentedOn.add(targetKey(targetType, targetId));
  }

  isLiking(targetType: LikeTarget, targetId: string): boolean {
    return this.liking.has(targetKey(targetType, targetId));
  }

  /** Likes or unlikes; a guest gets the login box. Answers the new state, null when nothing changed. */
  async like(targetType: LikeTarget, targetId: string, like: boolean): Promise<LikeResult | null> {
    const key = targetKey(targetType, targetId);
    if (!this.root.auth.requireLogin() || this.liking.has(key)) return null;
    this.liking.add(key);
    const reply = await this.root.client.request('mutates.like', { targetType, targetId, like });
    runInAction(() => this.liking.delete(key));
    const result = reply?.gqLike ?? null;
    if (result && targetType === 'article') this.patchArticle(targetId, { likeCount: result.likeCount, isLiked: result.isLiked });
    return result;
  }

  isUnlocking(targetType: CommentTarget, targetId: string): boolean {
    return this.unlocking.has(targetKey(targetType, targetId));
  }

  /**
   * Buys gated content from the wallet (content.unlock) in `asset` (a currency code or CREDIT), by
   * the entry of `type` when given.
   * Too low a balance is answered, not shown, so that the price can offer a top-up beside it.
   */
  async unlock(targetType: CommentTarget, targetId: string, asset?: string, type?: 'money' | 'credit'): Promise<UnlockOutcome> {
    const key = targetKey(targetType, targetId);
    if (!this.root.auth.requireLogin() || this.unlocking.has(key)) return 'failed';
    this.unlocking.add(key);
    const result = await this.root.client.call('content.unlock', { targetType, targetId, ...(asset ? { asset } : {}), ...(type ? { type } : {}) });
    runInAction(() => this.unlocking.delete(key));
    if (!result.ok) {
      if (result.error.codes?.includes(INSUFFICIENT_FUNDS)) return 'insufficient';
      this.root.client.showError(result.error);
      return 'failed';
    }
    this.unlocked(key);
    void this.root.wallet.fetch();
    return 'unlocked';
  }

  /**
   * Pays a qrcode entry through the payment provider: content.unlock makes the payment and the QR
   * dialog shows it; once it is paid (a `wallet` event or the dialog's poll tells) the content is the
   * viewer's and `onUnlocked` reads it again. Reports whether the dialog opened.
   */
  async unlockByQr(targetType: CommentTarget, targetId: string, onUnlocked: () => void): Promise<boolean> {
    const key = targetKey(targetType, targetId);
    if (!this.root.auth.requireLogin() || this.unlocking.has(key)) return false;
    this.unlocking.add(key);
    const reply = await this.root.client.request('content.unlock', { targetType, targetId, type: 'qrcode' });
    runInAction(() => this.unlocking.delete(key));
    const { payment, qr } = reply?.gqUnlock ?? {};
    if (!payment || !qr) return false;
    const topUp = await this.root.load('topUp');
    topUp.present(payment, qr, () => {
      this.unlocked(key);
      onUnlocked();
    });
    return true;
  }

  /** The content of `key` became the viewer's: say so, and its comments may be read now. */
  private unlocked(key: string) {
    this.root.toasts.success(this.root.t('content.gate.unlocked'));
    this.threads.get(key)?.reopen();
  }

  /** Whether the viewer may delete what `author` wrote: their own, or anything for an administrator. */
  mayDelete(author: { databaseId: string }): boolean {
    const viewer = this.root.auth.viewer?.data;
    return Boolean(viewer && (viewer.databaseId === author.databaseId || viewer.gqRoles?.isAdmin));
  }

  /** Whether the viewer may edit articles: saving one (mutates.saveArticle) is for administrators, who write them. */
  get mayEditArticle(): boolean {
    return this.root.auth.viewer?.data.gqRoles?.isAdmin === true;
  }

  /** Deletes an article, topic, answer or comment the viewer confirmed deleting; a toast says it is gone. */
  async deleteItem(type: DeleteTarget, id: string): Promise<boolean> {
    const reply = await this.root.client.request('mutates.deleteAction', { id, type });
    if (!reply?.gqDeleteAction.success) return false;
    this.root.toasts.success(this.root.t('content.deleted'));
    if (type === 'article') {
      runInAction(() => this.articles.delete(id));
      for (const list of this.lists.values()) list.remove(id);
    }
    return true;
  }

  private viewerChanged() {
    this.commentedOn.clear();
    for (const thread of this.threads.values()) thread.reset();
    for (const list of this.lists.values()) list.reset();
  }
}
