import { makeAutoObservable } from 'mobx';
import type { WalletEntryData } from '../api/wallet';
import { amountSign } from '../utils/money';

/** SPEC §9 has no ledger page size; the server's default is 20 (1..50). */
export const LEDGER_PAGE_SIZE = 20;

/** The reasons the ledger filter offers (persistence Reason constants). */
export const LEDGER_REASONS = ['topup', 'membership', 'gift', 'purchase', 'refund', 'adjust', 'coupon', 'node_join', 'bounty_escrow', 'bounty_award'] as const;

/** One line of the viewer's ledger: a posting to one of their balances. */
export class LedgerEntry {
  data: WalletEntryData;

  constructor(data: WalletEntryData) {
    this.data = data;
    makeAutoObservable(this);
  }

  get id() {
    return this.data.id;
  }

  get asset() {
    return this.data.asset;
  }

  get amount() {
    return this.data.amount;
  }

  get isCredit() {
    return amountSign(this.data.amount) >= 0;
  }

  get createdAt() {
    return this.data.createdAt;
  }

  update(data: WalletEntryData) {
    this.data = data;
  }
}
