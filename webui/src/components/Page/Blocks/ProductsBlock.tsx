import Store from 'lucide-react/icons/store';
import type { ProductArchiveInput } from '../../../api/wire.gen';
import type { ProductsProps } from '../../../models/builder';
import type { ProductView } from '../../../models/shop';
import { ProductCard } from '../../Shop/ProductCard';
import { ListBlock } from './ListBlock';

/** shop.archive's input for a block: the latest, a category's, a tag's, or the picked ones (`ids`). */
export function productsInput(props: ProductsProps): ProductArchiveInput & { ids?: string[] } {
  switch (props.source) {
    case 'picked':
      return { ids: props.ids };
    case 'category':
      return { categoryId: props.ref, first: props.count };
    case 'tag':
      return { tagId: props.ref, first: props.count };
    case 'latest':
      return { first: props.count };
    default:
      return props.source satisfies never;
  }
}

/** A list of products: the latest, a category's or a tag's, or hand-picked ones. */
export function ProductsBlock({ props }: { props: ProductsProps }) {
  return (
    <ListBlock
      kind="products"
      props={props}
      input={productsInput(props)}
      fetchItems={async (client, input) => {
        const result = await client.call('shop.archive', input);
        return result.ok ? result.data.products.edges.map((edge): ProductView => edge.node) : null;
      }}
      icon={Store}
      emptyKey="page.shop.empty"
      errorKey="shop.archive.loadFailed"
      renderItem={(product) => <ProductCard key={product.id} product={product} />}
    />
  );
}
