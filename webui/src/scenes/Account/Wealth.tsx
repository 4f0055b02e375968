import { RefreshCw } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowthProgress } from '../../components/Growth/GrowthProgress';
import { Balances } from '../../components/Wallet/Balances';
import { LedgerList } from '../../components/Wallet/LedgerList';
import { MembershipSummary } from '../../components/Wallet/MembershipSummary';
import { Panel } from '../../components/Wallet/Panel';
import { PaymentQrDialog } from '../../components/Wallet/PaymentQrDialog';
import { TopUpForm } from '../../components/Wallet/TopUpForm';
import { useStores } from '../../stores/StoresContext';

/** /account/wealth: balances, top-up with the payment QR dialog, the ledger history, membership and level. */
const Wealth = observer(function Wealth() {
  const { wallet } = useStores();
  const { t } = useTranslation();
  useEffect(() => {
    void wallet.fetch();
  }, [wallet]);
  return (
    <div className="space-y-5" data-testid="wealth-page">
      <Panel
        title={t('wallet.balances')}
        action={
          <button
            type="button"
            onClick={() => void wallet.fetch()}
            disabled={wallet.isFetching}
            aria-label={t('wallet.refresh')}
            className="rounded-full p-2 text-zinc-500 hover:bg-zinc-100 disabled:opacity-50 dark:hover:bg-zinc-800"
          >
            <RefreshCw className={`size-4 ${wallet.isFetching ? 'animate-spin' : ''}`} aria-hidden />
          </button>
        }
      >
        <Balances />
      </Panel>
      <Panel title={t('wallet.topUp.title')}>
        <TopUpForm />
      </Panel>
      <div className="grid gap-5 md:grid-cols-2">
        <Panel title={t('account.overview.membership')}>
          <MembershipSummary />
        </Panel>
        <Panel title={t('account.overview.growth')}>
          <GrowthProgress />
        </Panel>
      </div>
      <Panel title={t('wallet.ledger.title')}>
        <LedgerList />
      </Panel>
      <PaymentQrDialog />
    </div>
  );
});

export default Wealth;
