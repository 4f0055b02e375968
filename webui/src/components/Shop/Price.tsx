import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import { isDiscounted, twoDecimals, type Money } from '../../models/shop';
import { useStores } from '../../stores/StoresContext';

/**
 * An amount with its currency's symbol and 2 decimals (SPEC §9): "¥12.30"; credit is whole ("✦200").
 * An amount the server left empty (no price in that currency) is "".
 */
export function formatMoneyWith(format: (asset: string, amount: string) => string, money: Money | null | undefined): string {
  if (!money || !money.amount) return '';
  return format(money.currency, money.currency === CREDIT ? money.amount : twoDecimals(money.amount));
}

export function useMoneyFormat() {
  const { wallet } = useStores();
  return (money: Money | null | undefined) => formatMoneyWith((asset, amount) => wallet.format(asset, amount), money);
}

/** A price, with the list price struck through beside it when a discount applies. */
export const Price = observer(function Price({
  price,
  listPrice,
  className = '',
  size = 'md',
}: {
  price: Money;
  listPrice?: Money | null;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const format = useMoneyFormat();
  const { t } = useTranslation();
  const discounted = isDiscounted(price, listPrice);
  const main = size === 'lg' ? 'text-3xl font-bold' : size === 'sm' ? 'text-sm font-semibold' : 'text-lg font-semibold';
  return (
    <span className={`inline-flex items-baseline gap-2 tabular-nums ${className}`}>
      <span className={`${main} ${discounted ? 'text-rose-600 dark:text-rose-400' : ''}`} data-testid="price">
        {format(price) || t('shop.product.noPrice')}
      </span>
      {discounted && (
        <s className="text-sm text-zinc-400 dark:text-zinc-500" data-testid="list-price">
          {format(listPrice)}
        </s>
      )}
    </span>
  );
});
