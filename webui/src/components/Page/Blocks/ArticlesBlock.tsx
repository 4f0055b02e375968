import Newspaper from 'lucide-react/icons/newspaper';
import type { ArchiveInput, ArticleNode } from '../../../api/wire.gen';
import type { ArticlesProps } from '../../../models/builder';
import { ArticleCard } from '../../Content/ArticleCard';
import { ListBlock } from './ListBlock';

/** content.archive's input for a block: the latest, a category's, a tag's, or the picked ones (`ids`). */
export function articlesInput(props: ArticlesProps): ArchiveInput & { ids?: string[] } {
  switch (props.source) {
    case 'picked':
      return { ids: props.ids };
    case 'category':
      return { category: props.ref, first: props.count };
    case 'tag':
      return { tag: props.ref, first: props.count };
    case 'latest':
      return { first: props.count };
    default:
      return props.source satisfies never;
  }
}

/** A list of articles: the latest, a category's or a tag's, or hand-picked ones. */
export function ArticlesBlock({ props }: { props: ArticlesProps }) {
  return (
    <ListBlock
      kind="articles"
      props={props}
      input={articlesInput(props)}
      fetchItems={async (client, input) => {
        const result = await client.call('content.archive', input);
        return result.ok ? result.data.posts.edges.map((edge): ArticleNode => edge.node) : null;
      }}
      icon={Newspaper}
      emptyKey="content.archive.empty"
      errorKey="content.archive.loadFailed"
      renderItem={(article) => <ArticleCard key={article.databaseId} article={article} />}
    />
  );
}
