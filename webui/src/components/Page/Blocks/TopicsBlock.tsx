import MessagesSquare from 'lucide-react/icons/messages-square';
import type { TopicsInput, TopicView } from '../../../api/wire.gen';
import type { TopicsProps } from '../../../models/builder';
import { TopicCard } from '../../Community/TopicCard';
import { ListBlock } from './ListBlock';

/** community.topics' input for a block: the latest, a node's, or the picked ones (`ids`). */
export function topicsInput(props: TopicsProps): TopicsInput & { ids?: string[] } {
  switch (props.source) {
    case 'picked':
      return { ids: props.ids };
    case 'node':
      return { nodeId: props.ref, first: props.count };
    case 'latest':
      return { first: props.count };
    default:
      return props.source satisfies never;
  }
}

/** A list of community topics: the latest, a node's, or hand-picked ones. */
export function TopicsBlock({ props }: { props: TopicsProps }) {
  return (
    <ListBlock
      kind="topics"
      props={props}
      input={topicsInput(props)}
      fetchItems={async (client, input) => {
        const result = await client.call('community.topics', input);
        return result.ok ? result.data.topics.edges.map((edge): TopicView => edge.node) : null;
      }}
      icon={MessagesSquare}
      emptyKey="page.home.noTopics"
      errorKey="page.home.topicsFailed"
      renderItem={(topic) => <TopicCard key={topic.databaseId} topic={topic} />}
    />
  );
}
