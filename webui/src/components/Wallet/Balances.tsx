import { Coins, Wallet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import { useStores } from '../../stores/StoresContext';
import { CARD } from './buttons';

/** The viewer's balances: credit and every site currency, live (the `wallet` event). */
export const Balances = observer(function Balances({ compact = false }: { compact?: boolean }) {
  const { wallet } = useStores();
  const { t } = useTranslation();
  const cell = compact ? 'rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60' : CARD;
  return (
    <ul className={`grid gap-3 ${compact ? 'grid-cols-2' : 'grid-cols-2 lg:grid-cols-4'}`} aria-label={t('wallet.balances')} data-testid="wallet-balances">
      <li className={cell} data-testid="balance-CREDIT">
        <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          <Coins className="size-3.5" aria-hidden />
          {t('wallet.credit')}
        </p>
        <p className="mt-1 text-lg font-semibold tabular-nums">{wallet.format(CREDIT, wallet.credit)}</p>
      </li>
      {wallet.currencies.map((currency) => (
        <li key={currency} className={cell} data-testid={`balance-${currency}`}>
          <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <Wallet className="size-3.5" aria-hidden />
            {t('wallet.balanceOf', { currency })}
          </p>
          <p className="mt-1 text-lg font-semibold tabular-nums">{wallet.format(currency, wallet.balance(currency))}</p>
        </li>
      ))}
    </ul>
  );
});
