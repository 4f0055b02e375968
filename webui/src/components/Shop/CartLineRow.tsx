import { AlertTriangle, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { productPath, type CartLine } from '../../models/shop';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { useMoneyFormat } from './Price';
import { QuantityStepper } from './QuantityStepper';
import { Thumb } from './Thumb';
import '../../stores/shop/CheckoutStore'; // builds root's store on first use (stores/lazyStores.ts)

/** A line of the cart: chosen for checkout (members), picture, title, variant, unit price, quantity within stock, total, its problem. */
export const CartLineRow = observer(function CartLineRow({ line, selectable }: { line: CartLine; selectable: boolean }) {
  const { shop } = useStores();
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const busy = shop.cart.busy.has(line.variantId);
  const chosen = shop.checkout.isChosen(line.variantId);
  return (
    <li
      data-testid="cart-line"
      data-variant={line.variantId}
      data-problem={line.problem || undefined}
      className={`flex gap-3 py-4 ${line.available ? '' : 'opacity-70'}`}
    >
      {selectable && (
        <input
          type="checkbox"
          checked={chosen}
          disabled={!line.available}
          onChange={() => shop.checkout.toggle(line.variantId)}
          aria-label={t('shop.cart.choose', { title: line.title })}
          className="mt-6 size-4 shrink-0 accent-brand-600"
        />
      )}
      <LocalizedLink to={productPath({ id: line.productId })} className="shrink-0">
        <Thumb src={line.thumb} className="size-16 rounded-xl ring-1 ring-zinc-900/5 sm:size-20 dark:ring-white/10" />
      </LocalizedLink>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <LocalizedLink to={productPath({ id: line.productId })} className="line-clamp-2 text-sm font-medium hover:text-brand-700 dark:hover:text-brand-400">
              {line.title}
            </LocalizedLink>
            {line.variantName && <p className="text-xs text-zinc-500 dark:text-zinc-400">{line.variantName}</p>}
          </div>
          <button
            type="button"
            onClick={() => void shop.cart.remove(line.variantId)}
            disabled={busy}
            aria-label={t('shop.cart.remove', { title: line.title })}
            className="-mr-1 rounded-full p-1.5 text-zinc-400 transition hover:bg-zinc-100 hover:text-rose-600 dark:hover:bg-zinc-800"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
        {line.problem && (
          <p className="flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-400" role="note" data-testid="cart-line-problem">
            <AlertTriangle className="size-3.5" aria-hidden />
            {t(`shop.problem.${line.problem}`, { stock: line.stock })}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            size="sm"
            value={line.quantity}
            max={Math.max(line.quantity, line.stock)}
            disabled={busy || line.stock <= 0}
            label={t('shop.cart.quantityOf', { title: line.title })}
            onChange={(quantity) => void shop.cart.setQuantity(line.variantId, quantity)}
          />
          <div className="text-right">
            <p className="text-sm font-semibold tabular-nums" data-testid="cart-line-total">
              {format(line.lineTotal)}
            </p>
            {line.quantity > 1 && <p className="text-xs text-zinc-500 tabular-nums">{t('shop.cart.each', { price: format(line.unitPrice) })}</p>}
          </div>
        </div>
      </div>
    </li>
  );
});
