import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../RootStore';

/** Something a list block can point at: a category, tag or node, or a picked item. */
export interface RefOption {
  id: string;
  label: string;
}

export type RefKind = 'articleCategory' | 'articleTag' | 'shopCategory' | 'shopTag' | 'node' | 'article' | 'topic' | 'product';

/**
 * What the inspector offers to pick for list blocks, read once from the public lists
 * (content.archive, shop.archive, community.topics, archive.nodesList): their newest items and
 * the categories and tags those use. Ids not among them can still be typed in.
 */
export class BuilderRefs {
  options: Record<RefKind, RefOption[]> = {
    articleCategory: [],
    articleTag: [],
    shopCategory: [],
    shopTag: [],
    node: [],
    article: [],
    topic: [],
    product: [],
  };
  isLoaded = false;
  private loading: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<BuilderRefs, 'loading'>(this, { root: false, loading: false });
  }

  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  private async read() {
    const { client } = this.root;
    const [articles, products, topics, nodes] = await Promise.all([
      client.call('content.archive', { first: 50 }),
      client.call('shop.archive', { first: 40 }),
      client.call('community.topics', { first: 50 }),
      client.call('archive.nodesList', { first: 50 }),
    ]);
    const lang = this.root.locale.lang;
    runInAction(() => {
      if (articles.ok) {
        const posts = articles.data.posts.edges.map((edge) => edge.node);
        this.options.article = posts.map((post) => ({ id: post.databaseId, label: post.title }));
        this.options.articleCategory = unique(posts.flatMap((post) => (post.category ? [{ id: post.category.databaseId, label: post.category.name }] : [])));
        this.options.articleTag = unique(posts.flatMap((post) => post.tags.map((tag) => ({ id: tag.databaseId, label: tag.name }))));
      }
      if (products.ok) {
        const items = products.data.products.edges.map((edge) => edge.node);
        this.options.product = items.map((product) => ({ id: product.id, label: product.title }));
        this.options.shopCategory = unique(items.flatMap((product) => (product.category ? [{ id: product.category.id, label: product.category.name }] : [])));
        this.options.shopTag = unique(items.flatMap((product) => product.tags.map((tag) => ({ id: tag.id, label: tag.name }))));
      }
      if (topics.ok) this.options.topic = topics.data.topics.edges.map((edge) => ({ id: edge.node.databaseId, label: edge.node.title }));
      if (nodes.ok) {
        this.options.node = nodes.data.communityCats.edges.map(({ node }) => ({
          id: node.databaseId,
          label: node.communityCatMetas.name[lang] || Object.values(node.communityCatMetas.name)[0] || node.gqSlug,
        }));
      }
      this.isLoaded = true;
    });
  }

  /** The label of an id of kind, when it was read. */
  label(kind: RefKind, id: string): string | undefined {
    return this.options[kind].find((option) => option.id === id)?.label;
  }
}

function unique(options: RefOption[]): RefOption[] {
  const seen = new Map<string, RefOption>();
  for (const option of options) if (!seen.has(option.id)) seen.set(option.id, option);
  return [...seen.values()];
}
