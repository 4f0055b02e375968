import { makeAutoObservable, observable, runInAction } from 'mobx';
import { newIdemKey } from '../../api/wallet';
import type { LiveEvent } from '../../api/live';
import type { AnswerView, NodeView, TopicView } from '../../api/wire.gen';
import type { RootStore } from '../RootStore';
import { fetchPageContent, type CommunityPageContent } from './pageContent';
import { RelayList } from './RelayList';

/** Why a topic takes no answers: deleted, its bounty settled, or its deadline passed. */
export type ClosedReason = 'deleted' | 'settled' | 'ended' | null;

/**
 * A topic page (auth.pageData's single view, or the answer view's topic): the topic, its node, its
 * answers page by page, and what a member does there: vote, answer, award the bounty, delete. Live
 * events of the topic's channel keep the counters, tallies, bounty and answers current.
 */
export class TopicThread {
  topic: TopicView;
  node: NodeView | null;
  readonly answers: RelayList<AnswerView>;
  /** The topic was deleted while on screen. */
  deleted = false;
  /** Members watching the topic now (the channel's presence), 0 when unknown. */
  viewing = 0;
  isVoting = false;
  isAnswering = false;
  isAwarding = false;
  /** The answers picked for the award, with their shares when not split equally. */
  readonly awardPicks = observable.map<string, string>();
  awardEqually = true;

  /** One per answer sent: a retry of the same send stores one answer. */
  private answerKey = newIdemKey('answer');

  constructor(
    readonly root: RootStore,
    /** The page's path, read again for more answers. */
    readonly path: string,
    content: CommunityPageContent & { topic: TopicView },
    /** An answer page shows its one answer: it reads no answer list. */
    readonly withAnswers = true,
  ) {
    this.topic = content.topic;
    this.node = content.node ?? null;
    this.answers = new RelayList<AnswerView>(
      root,
      'TopicAnswers',
      async (after) => (await fetchPageContent(root, path, after))?.answers ?? null,
      'oldest',
    );
    if (content.answers) this.answers.seed(content.answers);
    if (content.answer) this.answers.add(content.answer);
    makeAutoObservable<TopicThread, 'answerKey'>(this, { root: false, path: false, answers: false, answerKey: false, withAnswers: false });
  }

  get viewerId(): string | null {
    return this.root.auth.viewer?.data.databaseId ?? null;
  }

  get isAuthor(): boolean {
    return this.viewerId !== null && this.viewerId === this.topic.author.databaseId;
  }

  get isAdmin(): boolean {
    return this.root.auth.viewer?.data.gqRoles?.isAdmin === true;
  }

  /** The viewer may delete a topic or an answer by `authorId`: theirs, or any as an admin. */
  mayDelete(authorId: string): boolean {
    return this.isAdmin || (this.viewerId !== null && this.viewerId === authorId);
  }

  /** Why the topic takes no answers now, null while it does. */
  closedReason(now: number): ClosedReason {
    if (this.deleted) return 'deleted';
    const { bounty, vote } = this.topic;
    if (this.topic.type === 'bounty' && bounty && bounty.state !== 'open') return 'settled';
    const deadline = this.topic.type === 'bounty' ? bounty?.deadline : this.topic.type === 'vote' ? vote?.deadline : undefined;
    return deadline && deadline <= now ? 'ended' : null;
  }

  /** The author may award the open bounty before its deadline. */
  mayAward(now: number): boolean {
    const bounty = this.topic.bounty;
    return this.isAuthor && !this.deleted && bounty?.state === 'open' && bounty.deadline > now;
  }

  /** Votes for an option (a guest is asked to log in); the tallies come back. */
  async vote(option: number): Promise<boolean> {
    if (!this.root.auth.requireLogin() || this.isVoting) return false;
    this.isVoting = true;
    const reply = await this.root.client.request('community.vote', { topicId: this.topic.databaseId, option });
    runInAction(() => {
      this.isVoting = false;
      if (reply) this.topic.vote = reply.vote;
    });
    return reply !== null;
  }

  /** Sends an answer (HTML); on success it joins the list and a new key is made for the next. */
  async answer(content: string): Promise<AnswerView | null> {
    if (!this.root.auth.requireLogin() || this.isAnswering) return null;
    this.isAnswering = true;
    const reply = await this.root.client.request('mutates.createAnswer', {
      topicId: this.topic.databaseId,
      content,
      idemKey: this.answerKey,
    });
    return runInAction(() => {
      this.isAnswering = false;
      if (!reply) return null;
      this.answerKey = newIdemKey('answer');
      if (!this.answers.get(reply.answer.databaseId)) this.topic.answerCount += 1;
      return this.answers.add(reply.answer);
    });
  }

  /** Picks or unpicks an answer for the award. */
  toggleAward(answerId: string) {
    if (this.awardPicks.has(answerId)) this.awardPicks.delete(answerId);
    else this.awardPicks.set(answerId, '');
  }

  setAwardEqually(equally: boolean) {
    this.awardEqually = equally;
  }

  setShare(answerId: string, share: string) {
    if (this.awardPicks.has(answerId)) this.awardPicks.set(answerId, share);
  }

  /** Awards the bounty to the picked answers, in equal parts or the shares entered. */
  async award(): Promise<boolean> {
    if (this.isAwarding || this.awardPicks.size === 0) return false;
    this.isAwarding = true;
    const answerIds = [...this.awardPicks.keys()];
    const shares = this.awardEqually ? undefined : answerIds.map((id) => this.awardPicks.get(id) ?? '');
    const reply = await this.root.client.request('community.award', { topicId: this.topic.databaseId, answerIds, ...(shares ? { shares } : {}) });
    runInAction(() => {
      this.isAwarding = false;
      if (!reply) return;
      this.topic = reply.topic;
      this.awardPicks.clear();
    });
    if (reply) this.root.toasts.success(this.root.t('page.community.bounty.awardedToast'));
    return reply !== null;
  }

  /** Deletes the topic (the caller asked to confirm). */
  async deleteTopic(): Promise<boolean> {
    const ok = await this.root.content.deleteItem('topic', this.topic.databaseId);
    if (ok) runInAction(() => (this.deleted = true));
    return ok;
  }

  /** Deletes an answer (the caller asked to confirm). */
  async deleteAnswer(id: string): Promise<boolean> {
    const ok = await this.root.content.deleteItem('answer', id);
    if (ok) runInAction(() => this.dropAnswer(id));
    return ok;
  }

  private dropAnswer(id: string) {
    if (this.answers.remove(id)) this.topic.answerCount = Math.max(0, this.topic.answerCount - 1);
    this.awardPicks.delete(id);
  }

  /** An event of the topic's channel. */
  receive(event: LiveEvent) {
    const topicId = this.topic.databaseId;
    switch (event.event) {
      case 'answer_created':
        if (event.data.topicId !== topicId) return;
        this.topic.answerCount = event.data.answerCount;
        if (!this.withAnswers || this.topic.locked) return;
        if (event.data.answer) this.answers.add(event.data.answer);
        else void this.answers.catchUp();
        return;
      case 'comment_created': {
        const { targetType, targetId, commentCount } = event.data;
        if (targetType === 'topic' && targetId === topicId) this.topic.commentCount = commentCount;
        const answer = targetType === 'answer' ? this.answers.get(targetId) : undefined;
        if (answer) answer.commentCount = commentCount;
        return;
      }
      case 'like_count': {
        const { targetType, targetId, likeCount } = event.data;
        if (targetType === 'topic' && targetId === topicId) this.topic.likeCount = likeCount;
        const answer = targetType === 'answer' ? this.answers.get(targetId) : undefined;
        if (answer) answer.likeCount = likeCount;
        return;
      }
      case 'vote_tally':
        if (event.data.topicId === topicId && this.topic.vote) {
          this.topic.vote = { ...event.data.vote, voted: this.topic.vote.voted };
        }
        return;
      case 'bounty_changed':
        if (event.data.topicId === topicId) this.topic.bounty = event.data.bounty;
        return;
      case 'topic_deleted':
        if (event.data.id === topicId) this.deleted = true;
        return;
      case 'deleted':
        if (event.data.targetType === 'topic' && event.data.id === topicId) this.deleted = true;
        if (event.data.targetType === 'answer') this.dropAnswer(event.data.id);
        return;
      case 'viewing':
        this.viewing = event.data.count;
        return;
      case 'topic_created':
        return;
      default:
        event satisfies never;
    }
  }
}
