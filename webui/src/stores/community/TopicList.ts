import type { LiveEvent } from '../../api/live';
import type { TopicView } from '../../api/wire.gen';
import type { RootStore } from '../RootStore';
import { RelayList, type FetchConnection } from './RelayList';

/** The site-wide list and a node's list read this many topics at a time. */
export const TOPICS_PAGE_SIZE = 20;

/** Reads pages of community.topics: site-wide, or one node's. */
export function fetchTopics(root: RootStore, nodeId?: string): FetchConnection<TopicView> {
  return async (after) => {
    const reply = await root.client.request('community.topics', {
      first: TOPICS_PAGE_SIZE,
      ...(after ? { after } : {}),
      ...(nodeId ? { nodeId } : {}),
    });
    return reply?.topics ?? null;
  };
}

/**
 * Topics newest first, a node's (`nodeId`) or the whole site's, kept current by the events of the
 * node's channel or the feed: a new topic comes in at the top once, a deleted one leaves.
 */
export class TopicList extends RelayList<TopicView> {
  constructor(
    root: RootStore,
    fetchConnection: FetchConnection<TopicView>,
    readonly nodeId: string | null = null,
  ) {
    super(root, 'TopicList', fetchConnection, 'newest');
  }

  /** An event of the node's channel or of the feed. */
  receiveLive(event: LiveEvent) {
    switch (event.event) {
      case 'topic_created':
        if (!this.nodeId || event.data.topic.nodeId === this.nodeId) this.add(event.data.topic);
        return;
      case 'topic_deleted':
        this.remove(event.data.id);
        return;
      case 'deleted':
        if (event.data.targetType === 'topic') this.remove(event.data.id);
        return;
      default:
    }
  }
}
