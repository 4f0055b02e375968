import { ShoppingBag } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { LocalizedLink } from '../../components/common/LocalizedLink';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import { OrderCard } from '../../components/Shop/OrderCard';
import { PaymentSuccessDialog } from '../../components/Shop/PaymentSuccessDialog';
import { PaymentQrDialog } from '../../components/Wallet/PaymentQrDialog';
import type { OrderView } from '../../models/shop';
import type { OrdersFilter } from '../../stores/shop/OrdersStore';
import { useStores } from '../../stores/StoresContext';
import '../../stores/shop/OrdersStore'; // builds root's store on first use (stores/lazyStores.ts)

const FILTERS: OrdersFilter[] = ['', 'pending', 'paid', 'shipped', 'completed', 'refunded'];

/**
 * /account/orders: the member's orders, the newest first, in a virtualized list that reads further
 * pages as it reaches its end; each order's status changes live (the `order` event).
 */
export const Orders = observer(function Orders() {
  const { shop, auth } = useStores();
  const { t } = useTranslation();
  const { orders } = shop;
  const viewerId = auth.viewer?.id;

  useEffect(() => {
    if (viewerId && !orders.isLoaded && !orders.isFetching) void orders.loadFirst();
  }, [orders, viewerId, orders.isLoaded, orders.isFetching]);

  const rows = orders.items;
  return (
    <div className="flex flex-col gap-4" data-testid="orders-page">
      <div role="tablist" aria-label={t('shop.orders.filter')} className="flex gap-1 self-start overflow-x-auto rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
        {FILTERS.map((filter) => (
          <button
            key={filter || 'all'}
            type="button"
            role="tab"
            aria-selected={orders.filter === filter}
            onClick={() => orders.setFilter(filter)}
            className="shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium text-zinc-600 transition aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:aria-selected:bg-zinc-900 dark:aria-selected:text-white"
          >
            {filter ? t(`shop.status.${filter}`) : t('shop.orders.all')}
          </button>
        ))}
      </div>
      {!orders.isLoaded && !orders.failed ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={ShoppingBag} title={orders.failed ? t('shop.orders.loadFailed') : t('shop.orders.empty')}>
          {orders.failed ? (
            <button type="button" onClick={() => void orders.loadFirst()} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
              {t('common.retry')}
            </button>
          ) : (
            <LocalizedLink to="/" className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900">
              {t('page.cart.browse')}
            </LocalizedLink>
          )}
        </EmptyState>
      ) : (
        <div role="list" aria-label={t('shop.orders.title')} className="rounded-2xl bg-white ring-1 ring-zinc-900/5 dark:bg-zinc-900 dark:ring-white/10">
          <Virtuoso<OrderView>
            useWindowScroll
            data={rows}
            computeItemKey={(_, order) => order.id}
            endReached={() => void orders.loadMore()}
            increaseViewportBy={600}
            itemContent={(_, order) => (
              <div role="listitem">
                <OrderCard order={order} />
              </div>
            )}
          />
          {orders.isFetching && (
            <div className="grid place-items-center py-4">
              <SmallSpinner />
            </div>
          )}
        </div>
      )}
      <PaymentQrDialog />
      <PaymentSuccessDialog />
    </div>
  );
});

export default Orders;
