import { compareStructural, makeAutoObservable, reaction, runInAction } from 'mobx';
import { CREDIT, type WalletView } from '../api/wallet';
import type { Viewer } from '../models/Viewer';
import { fixDecimals, formatAmountText } from '../utils/money';
import type { RootStore } from './RootStore';

/** Digits after the dot of a site currency (the currencies table has 2 for each). */
export const MONEY_DECIMALS = 2;

/** The balances of a viewer's gqMoney, kept as text (it arrives as JSON text or an object). */
export function moneyOf(viewer: Viewer | null): Record<string, string> {
  let raw: unknown = viewer?.data.gqMoney ?? null;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = null;
    }
  }
  const money: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return money;
  for (const [code, amount] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof amount === 'string' && /^-?\d+(\.\d+)?$/.test(amount)) money[code] = fixDecimals(amount, MONEY_DECIMALS);
    else if (typeof amount === 'number' && Number.isFinite(amount)) money[code] = fixDecimals(String(amount), MONEY_DECIMALS);
  }
  return money;
}

/**
 * The viewer's balances (contract §4): taken from the viewer, then kept up to date in place by the
 * `wallet` socket event (every tab of the member gets it) and by the replies of operations.
 */
export class WalletStore {
  /** Money per currency code, as the server's text ("12.30"). */
  money: Record<string, string> = {};
  credit = 0;
  isFetching = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false });
    reaction(
      () => {
        const viewer = root.auth.viewer;
        return viewer ? [viewer.id, viewer.data.gqMoney ?? null, viewer.data.gqCredit ?? null] : null;
      },
      () => this.takeFromViewer(),
      { equals: compareStructural, fireImmediately: true },
    );
    root.realtime.socket.on('wallet', (view) => this.apply(view));
  }

  /** The currencies held, in the settings' order, then any other the server sent. */
  get currencies(): string[] {
    const listed = this.root.settings.currencies.map((entry) => entry.code).filter((code): code is string => Boolean(code));
    const codes = listed.length > 0 ? listed : [];
    for (const code of Object.keys(this.money)) if (!codes.includes(code)) codes.push(code);
    return codes;
  }

  /** The balance of a currency as text, "0.00" when none is held. */
  balance(currency: string): string {
    return this.money[currency] ?? (0).toFixed(MONEY_DECIMALS);
  }

  /** The symbol of an asset: the currency's from the settings, or the credit symbol. */
  symbol(asset: string): string {
    if (asset === CREDIT) return this.root.settings.settings?.credit_symbol ?? '';
    const entry = this.root.settings.currencyEntry(asset);
    return entry?.symbol ?? entry?.symbol_iso ?? `${asset} `;
  }

  /** An amount of an asset with its symbol: "¥12.30", "-✦300". */
  format(asset: string, amount: string | number): string {
    return formatAmountText(String(amount), this.symbol(asset));
  }

  /** The balance of the visitor's currency with its symbol, for the user menu. */
  get formattedBalance(): string {
    const currency = this.root.locale.currency;
    return this.format(currency, this.balance(currency));
  }

  takeFromViewer() {
    const viewer = this.root.auth.viewer;
    this.money = moneyOf(viewer);
    this.credit = viewer ? Math.trunc(Number(viewer.data.gqCredit ?? 0)) || 0 : 0;
  }

  /** New balances from the `wallet` event or an operation's reply. */
  apply(view: WalletView) {
    if (!this.root.auth.isLoggedIn) return;
    if (view.money && typeof view.money === 'object') this.money = { ...this.money, ...view.money };
    const credit = Number(view.credit);
    if (Number.isFinite(credit)) this.credit = Math.trunc(credit);
  }

  /** Reads the balances (wallet.get), e.g. when the wealth page opens. */
  async fetch() {
    if (!this.root.auth.isLoggedIn || this.isFetching) return;
    this.isFetching = true;
    const reply = await this.root.client.request('wallet.get', {});
    runInAction(() => {
      this.isFetching = false;
      if (reply?.wallet) this.apply(reply.wallet);
    });
  }
}
