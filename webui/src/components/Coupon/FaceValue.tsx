import { observer } from 'mobx-react-lite';
import { twoDecimals, type Money } from '../../models/account';
import { useStores } from '../../stores/StoresContext';

/** An amount with its currency's symbol and 2 decimals (SPEC §9): ¥12.30. */
export const MoneyText = observer(function MoneyText({ money, className }: { money: Money; className?: string }) {
  const { wallet } = useStores();
  return <span className={`tabular-nums ${className ?? ''}`}>{`${wallet.symbol(money.currency)}${twoDecimals(money.amount)}`}</span>;
});
