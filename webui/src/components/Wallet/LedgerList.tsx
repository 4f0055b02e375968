import { ArrowDownLeft, ArrowUpRight, ReceiptText } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { CREDIT } from '../../api/wallet';
import { LEDGER_REASONS, type LedgerEntry } from '../../models/LedgerEntry';
import { useStores } from '../../stores/StoresContext';
import { formatDateTime } from '../../utils/dates';
import { EmptyState } from '../Feedback/EmptyState';
import { SmallSpinner } from '../common/SmallSpinner';
import { FIELD } from './buttons';
import '../../stores/LedgerStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The list grows with its entries up to this height (px), then scrolls and loads more at its end. */
const LEDGER_MAX_HEIGHT = 448;
const LEDGER_MIN_HEIGHT = 120;

/** The ledger history (wallet.entries): filters by asset and type, a virtualized list loading more at its end. */
export const LedgerList = observer(function LedgerList() {
  const { ledger, wallet, auth } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const viewerId = auth.viewer?.id;

  useEffect(() => {
    if (viewerId) void ledger.loadLatest();
  }, [ledger, viewerId]);

  const [listHeight, setListHeight] = useState(LEDGER_MAX_HEIGHT);
  const entries = ledger.ordered;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300" htmlFor={`${id}-asset`}>
          {t('wallet.ledger.asset')}
          <select id={`${id}-asset`} value={ledger.filter.asset} onChange={(event) => ledger.setFilter({ asset: event.target.value })} className={FIELD}>
            <option value="">{t('wallet.ledger.allAssets')}</option>
            <option value={CREDIT}>{t('wallet.credit')}</option>
            {wallet.currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300" htmlFor={`${id}-reason`}>
          {t('wallet.ledger.reason')}
          <select id={`${id}-reason`} value={ledger.filter.reason} onChange={(event) => ledger.setFilter({ reason: event.target.value })} className={FIELD}>
            <option value="">{t('wallet.ledger.allReasons')}</option>
            {LEDGER_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`wallet.reason.${reason}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!ledger.isLoaded && ledger.isFetching ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : entries.length === 0 ? (
        <EmptyState icon={ReceiptText} title={t('wallet.ledger.empty')} />
      ) : (
        <div
          className="overflow-hidden rounded-2xl ring-1 ring-zinc-900/5 dark:ring-white/10"
          style={{ height: Math.min(LEDGER_MAX_HEIGHT, Math.max(listHeight, LEDGER_MIN_HEIGHT)) }}
          role="list"
          aria-label={t('wallet.ledger.list')}
          data-testid="ledger"
        >
          <Virtuoso<LedgerEntry>
            data={entries}
            totalListHeightChanged={setListHeight}
            computeItemKey={(_, entry) => entry.id}
            endReached={() => void ledger.loadOlder()}
            increaseViewportBy={200}
            itemContent={(_, entry) => <LedgerRow entry={entry} />}
            components={{
              Footer: () => (
                <div className="flex h-12 items-center justify-center text-xs text-zinc-400">
                  {ledger.hasOlder ? ledger.isFetching ? <SmallSpinner /> : t('wallet.ledger.loadingMore') : t('wallet.ledger.end')}
                </div>
              ),
            }}
          />
        </div>
      )}
    </div>
  );
});

const LedgerRow = observer(function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const { wallet } = useStores();
  const { t, i18n } = useTranslation();
  const { data } = entry;
  const Icon = entry.isCredit ? ArrowDownLeft : ArrowUpRight;
  const amount = wallet.format(entry.asset, data.amount);
  return (
    <div role="listitem" data-testid="ledger-entry" data-reason={data.reason} className="flex items-center gap-3 border-b border-zinc-100 px-4 py-3 dark:border-zinc-800">
      <span
        className={`grid size-9 shrink-0 place-items-center rounded-full ${
          entry.isCredit ? 'bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-400' : 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800'
        }`}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {t(`wallet.reason.${data.reason}`, { defaultValue: data.reason })}
          {data.memo && <span className="ml-2 font-normal text-zinc-500">{data.memo}</span>}
        </p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {formatDateTime(data.createdAt, i18n.language)}
          {data.peer && <span className="ml-2">{t('wallet.ledger.with', { name: data.peer.name })}</span>}
        </p>
      </div>
      <div className="text-right">
        <p className={`text-sm font-semibold tabular-nums ${entry.isCredit ? 'text-emerald-600 dark:text-emerald-400' : ''}`}>
          {entry.isCredit && !amount.startsWith('+') ? `+${amount}` : amount}
        </p>
        <p className="text-xs tabular-nums text-zinc-400">{t('wallet.ledger.balanceAfter', { amount: wallet.format(entry.asset, data.balanceAfter) })}</p>
      </div>
    </div>
  );
});
