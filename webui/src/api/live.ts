/**
 * Live page channels (issue 14): a member's socket watches the channels of the pages on screen and
 * receives their events as `live` frames `{channel, event, data}`. Channels are `node:<id>` (a
 * node's topic list), `topic:<id>` (a topic page: answers, comments, likes, votes, bounty),
 * `article:<id>` (comments, likes) and `feed` (new topics site-wide), ids being databaseIds.
 *
 * {@link LiveChannels} counts the listeners of each channel: the socket watches a channel while
 * one listener at least wants it (and again after every reconnect), and unwatches it after the
 * last. Payload items are the actions' JSON with neutral viewer fields (isLiked false, voted -1);
 * a gated topic's or article's content is never in an event (`answer`/`comment` absent).
 */
import type { AnswerView, BountyView, CommentNode, TopicView, VoteView } from './wire.gen';

/** A comment as content.comments returns it. */
export type CommentView = CommentNode;
/** A vote's tallies; `voted` is always -1 in an event: keep the viewer's own. */
export type VoteTally = VoteView;

/** An event of a watched channel. */
export type LiveEvent =
  | { event: 'topic_created'; channel: string; data: { topic: TopicView } }
  | { event: 'topic_deleted'; channel: string; data: { id: string } }
  | { event: 'answer_created'; channel: string; data: { topicId: string; answerCount: number; answer?: AnswerView } }
  | {
      event: 'comment_created';
      channel: string;
      data: { targetType: string; targetId: string; commentCount: number; comment?: CommentView };
    }
  | { event: 'vote_tally'; channel: string; data: { topicId: string; vote: VoteTally } }
  | { event: 'like_count'; channel: string; data: { targetType: string; targetId: string; likeCount: number } }
  | { event: 'bounty_changed'; channel: string; data: { topicId: string; bounty: BountyView } }
  | { event: 'deleted'; channel: string; data: { targetType: string; id: string } }
  | { event: 'viewing'; channel: string; data: { count: number } };

/** The name of a live event. */
export type LiveEventName = LiveEvent['event'];

/** The most channels one connection may watch (the server refuses more). */
export const MAX_WATCHED_CHANNELS = 16;

const CHANNEL = /^(?:(?:node|topic|article):[1-9][0-9]{0,18}|feed)$/;

/** Whether `channel` is a channel name the server accepts. */
export function isLiveChannel(channel: string): boolean {
  return CHANNEL.test(channel);
}

/** The channel of a node's topic list. */
export const nodeChannel = (nodeDatabaseId: string) => `node:${nodeDatabaseId}`;
/** The channel of a topic page. */
export const topicChannel = (topicDatabaseId: string) => `topic:${topicDatabaseId}`;
/** The channel of an article page. */
export const articleChannel = (articleDatabaseId: string) => `article:${articleDatabaseId}`;
/** The channel of new topics site-wide. */
export const FEED_CHANNEL = 'feed';

/** The part of the socket live channels need (RealtimeSocket). */
export interface LiveSocket {
  /** Watches a channel now when ready, and after every reconnect. */
  watch(channel: string): void;
  /** Stops watching a channel. */
  unwatch(channel: string): void;
  /** Listens to the `live` frames; returns the function that stops listening. */
  on(event: 'live', listener: (event: LiveEvent) => void): () => void;
}

type LiveListener = (event: LiveEvent) => void;

/** The listeners of live channels over one socket; see the module comment. */
export class LiveChannels {
  /** The listeners of each watched channel. */
  private readonly listeners = new Map<string, Set<LiveListener>>();

  constructor(private readonly socket: LiveSocket) {
    socket.on('live', (event) => this.dispatch(event));
  }

  /**
   * Calls `listener` with each event of `channel` until the returned function is called. An invalid
   * channel name is ignored (nothing to watch).
   */
  subscribe(channel: string, listener: LiveListener): () => void {
    if (!isLiveChannel(channel)) return () => undefined;
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.socket.watch(channel);
    }
    set.add(listener);
    return () => this.remove(channel, listener);
  }

  /** The channels watched now. */
  get channels(): string[] {
    return [...this.listeners.keys()];
  }

  private remove(channel: string, listener: LiveListener) {
    const set = this.listeners.get(channel);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(channel);
    this.socket.unwatch(channel);
  }

  private dispatch(event: LiveEvent) {
    for (const listener of [...(this.listeners.get(event.channel) ?? [])]) listener(event);
  }
}
