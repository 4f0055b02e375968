import { ReceiptText, Wallet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { CREDIT } from '../../../api/wallet';
import type { LedgerEntry } from '../../../models/LedgerEntry';
import type { MemberDetailStore } from '../../../stores/admin/MemberDetailStore';
import { useStores } from '../../../stores/StoresContext';
import { formatDateTime } from '../../../utils/dates';
import { SmallSpinner } from '../../common/SmallSpinner';
import { AdminCard } from '../common/AdminCard';
import { InlineError } from '../common/InlineError';
import { FIELD, LABEL, PRIMARY_BUTTON } from '../common/styles';

/** The ledger's height in the panel: it scrolls inside and loads older entries at its end. */
const LEDGER_HEIGHT = 320;
/** A signed decimal amount, as admin.walletAdjust takes it. */
const AMOUNT = /^[+-]?\d+(\.\d+)?$/;
/** The longest memo the server takes. */
const MAX_MEMO = 200;

/** The member's balances, an adjustment form (admin.walletAdjust) and their ledger. */
export const WalletCard = observer(function WalletCard({ store }: { store: MemberDetailStore }) {
  const { t } = useTranslation();
  const { wallet } = useStores();
  const balances = store.detail?.wallet.balances ?? [];
  const credit = store.detail?.wallet.credit ?? 0;
  return (
    <AdminCard title={t('admin.members.wallet.title')} icon={Wallet} testId="member-wallet">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Balance label={t('admin.members.wallet.credit')} amount={wallet.format(CREDIT, credit)} />
        {balances.map((balance) => (
          <Balance key={balance.currency} label={balance.currency} amount={wallet.format(balance.currency, balance.amount)} />
        ))}
      </ul>
      <AdjustForm store={store} assets={[CREDIT, ...balances.map((balance) => balance.currency)]} />
      <Ledger store={store} />
    </AdminCard>
  );
});

function Balance({ label, amount }: { label: string; amount: string }) {
  return (
    <li className="rounded-xl bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60" data-testid="member-balance">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{label}</p>
      <p className="font-semibold tabular-nums">{amount}</p>
    </li>
  );
}

const AdjustForm = observer(function AdjustForm({ store, assets }: { store: MemberDetailStore; assets: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [asset, setAsset] = useState(CREDIT);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const valid = AMOUNT.test(amount.trim()) && Number(amount) !== 0 && memo.trim().length > 0;
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border border-dashed border-zinc-200 p-3 dark:border-zinc-700"
      data-testid="member-adjust"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!valid) return;
        if (await store.adjustWallet(asset, amount, memo)) {
          setAmount('');
          setMemo('');
        }
      }}
    >
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('admin.members.wallet.adjust')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className={`${LABEL} w-28`} htmlFor={`${id}-asset`}>
          {t('admin.members.wallet.asset')}
          <select id={`${id}-asset`} value={asset} onChange={(event) => setAsset(event.target.value)} className={FIELD}>
            {assets.map((code) => (
              <option key={code} value={code}>
                {code === CREDIT ? t('admin.members.wallet.credit') : code}
              </option>
            ))}
          </select>
        </label>
        <label className={`${LABEL} w-32`} htmlFor={`${id}-amount`}>
          {t('admin.members.wallet.amount')}
          <input id={`${id}-amount`} inputMode="decimal" placeholder="+10 / -5" value={amount} onChange={(event) => setAmount(event.target.value)} className={FIELD} />
        </label>
        <label className={`${LABEL} min-w-40 flex-1`} htmlFor={`${id}-memo`}>
          {t('admin.members.wallet.memo')}
          <input id={`${id}-memo`} maxLength={MAX_MEMO} value={memo} onChange={(event) => setMemo(event.target.value)} className={FIELD} />
        </label>
        <button type="submit" className={PRIMARY_BUTTON} disabled={!valid || store.busy.has('walletAdjust')}>
          {t('admin.members.wallet.apply')}
        </button>
      </div>
      <InlineError message={store.errors.get('walletAdjust')} />
    </form>
  );
});

const Ledger = observer(function Ledger({ store }: { store: MemberDetailStore }) {
  const { t } = useTranslation();
  const ledger = store.ledger;
  useEffect(() => {
    void ledger.loadLatest();
  }, [ledger]);
  const entries = ledger.ordered;
  if (!ledger.isLoaded) {
    return (
      <div className="grid h-24 place-items-center">
        <SmallSpinner />
      </div>
    );
  }
  if (entries.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
        <ReceiptText className="size-4" aria-hidden />
        {t('admin.members.wallet.noEntries')}
      </p>
    );
  }
  return (
    <div role="list" aria-label={t('admin.members.wallet.ledger')} className="overflow-hidden rounded-xl ring-1 ring-zinc-900/5 dark:ring-white/10" style={{ height: Math.min(LEDGER_HEIGHT, entries.length * 56 + 8) }} data-testid="member-ledger">
      <Virtuoso<LedgerEntry>
        data={entries}
        computeItemKey={(_, entry) => entry.id}
        endReached={() => void ledger.loadMore()}
        itemContent={(_, entry) => <LedgerLine entry={entry} />}
        components={{ Footer: () => (ledger.hasOlder ? <div className="flex h-10 items-center justify-center"><SmallSpinner /></div> : null) }}
      />
    </div>
  );
});

const LedgerLine = observer(function LedgerLine({ entry }: { entry: LedgerEntry }) {
  const { wallet } = useStores();
  const { t, i18n } = useTranslation();
  const { data } = entry;
  const amount = wallet.format(entry.asset, data.amount);
  return (
    <div role="listitem" className="flex h-14 items-center gap-3 border-b border-zinc-100 px-3 text-sm dark:border-zinc-800">
      <div className="min-w-0 flex-1">
        <p className="truncate">
          {t(`wallet.reason.${data.reason}`, { defaultValue: data.reason })}
          {data.memo && <span className="ml-2 text-zinc-500">{data.memo}</span>}
        </p>
        <p className="truncate text-xs text-zinc-400">{formatDateTime(data.createdAt, i18n.language)}</p>
      </div>
      <div className="text-right">
        <p className={`font-semibold tabular-nums ${entry.isCredit ? 'text-emerald-600 dark:text-emerald-400' : ''}`}>{entry.isCredit && !amount.startsWith('+') ? `+${amount}` : amount}</p>
        <p className="text-xs tabular-nums text-zinc-400">{t('wallet.ledger.balanceAfter', { amount: wallet.format(entry.asset, data.balanceAfter) })}</p>
      </div>
    </div>
  );
});
