import { Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { MONEY_DECIMALS } from '../../stores/WalletStore';
import { finalizeDecimal } from '../../utils/decimal';
import { DecimalInput } from '../common/DecimalInput';
import { FIELD, PRIMARY_BUTTON } from './buttons';
import '../../stores/TopUpStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The largest top-up (contract §3: above 1,000,000.00 is refused). */
export const TOP_UP_MAX = 1_000_000;

/** Top-up: a currency, an amount typed by the decimal input rule (SPEC §5), then the QR dialog. */
export const TopUpForm = observer(function TopUpForm() {
  const { wallet, topUp, locale } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const currencies = wallet.currencies;
  const [picked, setPicked] = useState('');
  const currency = picked || (currencies.includes(locale.currency) ? locale.currency : currencies[0] ?? '');
  const [amount, setAmount] = useState('');
  const options = { min: 0, max: TOP_UP_MAX, decimals: MONEY_DECIMALS };
  const final = finalizeDecimal(amount, options);
  const valid = final !== '' && Number(final) > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !currency) return;
    setAmount(final);
    void topUp.start(currency, final);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('wallet.topUp.title')}>
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300" htmlFor={`${id}-currency`}>
        {t('wallet.topUp.currency')}
        <select id={`${id}-currency`} value={currency} onChange={(event) => setPicked(event.target.value)} className={`${FIELD} w-32`}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-40 flex-1 flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300" htmlFor={`${id}-amount`}>
        {t('wallet.topUp.amount')}
        <span className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-zinc-400">{wallet.symbol(currency)}</span>
          <DecimalInput
            id={`${id}-amount`}
            value={amount}
            onChange={setAmount}
            {...options}
            placeholder="0.00"
            aria-describedby={`${id}-hint`}
            className={`${FIELD} w-full pl-8 tabular-nums`}
          />
        </span>
        <span id={`${id}-hint`} className="font-normal text-zinc-400">
          {t('wallet.topUp.hint')}
        </span>
      </label>
      <button type="submit" disabled={!valid || !currency || topUp.isCreating} className={`${PRIMARY_BUTTON} mb-5 h-10`}>
        <Plus className="size-4" aria-hidden />
        {topUp.isCreating ? t('wallet.topUp.creating') : t('wallet.topUp.submit')}
      </button>
    </form>
  );
});
