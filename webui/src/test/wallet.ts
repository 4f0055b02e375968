import type { GrowthData, PaymentData, TierData, WalletEntryData, WalletView } from '../api/wallet';
import type { MembershipsReply } from '../api/wire.gen';
import type { ViewerData } from '../models/Viewer';
import type { Settings } from '../models/settings';
import { T0 } from './inbox';

/** Settings with the three site currencies and a credit symbol. */
export const walletSettings: Settings = {
  currency: [
    { code: 'CNY', symbol: '¥', symbol_iso: 'CNY' },
    { code: 'USD', symbol: '$', symbol_iso: 'USD' },
    { code: 'EUR', symbol: '€', symbol_iso: 'EUR' },
  ],
  credit_symbol: '✦',
} as Settings;

/** A member (42 unless told) with balances, who may not chat unless told. */
export function walletViewer(overrides: Partial<ViewerData> & { userCan?: string[] } = {}): ViewerData {
  const { userCan, ...rest } = overrides;
  return {
    id: '42',
    databaseId: '42',
    name: 'Viewer 42',
    gqSlug: 'viewer42',
    gqMoney: JSON.stringify({ CNY: '10.00', USD: '2.50', EUR: '0.00' }),
    gqCredit: 300,
    gqLevel: { key: 'lv1', name: 'Lv1 Newcomer' },
    gqVIP: null,
    gqUserSocketToken: { signature: 'sig-42', timestamp: '1795279125' },
    gqRoles: { isAdmin: false, userCan: userCan ?? [] },
    ...rest,
  };
}

export function walletView(money: Record<string, string>, credit: number): WalletView {
  return { money: { CNY: '10.00', USD: '2.50', EUR: '0.00', ...money }, credit };
}

/** A pending payment made at T0, expiring 300 s later. */
export function payment(overrides: Partial<PaymentData> = {}): PaymentData {
  return { id: '77', status: 'pending', purpose: 'topup', currency: 'USD', amount: '12.30', createdAt: T0, expiresAt: T0 + 300_000, paidAt: 0, ...overrides };
}

export function topUpReply(overrides: Partial<PaymentData> = {}) {
  const paid = payment(overrides);
  return {
    payment: paid,
    qr: {
      title: `Top up $${paid.amount}`,
      qrcode: `http://localhost:8080/en/pay/sandbox/${paid.id}?t=signed`,
      symbol: '$',
      amount: paid.amount,
      description: 'Scan with your phone',
    },
  };
}

/** Ledger entry `n` (ids grow with n), a top-up of USD unless told. */
export function entry(n: number, overrides: Partial<WalletEntryData> = {}): WalletEntryData {
  return {
    id: String(100 + n),
    asset: 'USD',
    amount: `${n}.00`,
    balanceAfter: `${n * 2}.00`,
    reason: 'topup',
    ref: `payment:${n}`,
    memo: '',
    peer: null,
    createdAt: T0 + n * 60_000,
    ...overrides,
  };
}

/** A page of entries, newest first as the server sends them. */
export function entriesPage(entries: WalletEntryData[], hasNextPage = false) {
  return { entries, pageInfo: { endCursor: entries.at(-1)?.id ?? '', hasNextPage } };
}

export const tiers: TierData[] = [
  {
    key: 'vip1',
    icon: '',
    name: 'VIP Silver',
    roles: ['chat'],
    prices: { CNY: '30.00', USD: '4.99', EUR: '4.59', CREDIT: '3000' },
    durationDays: 30,
    media: { image: { can: true, max: 0, size: 10 }, video: { can: true, max: 5, size: 100 } },
    canBuilder: false,
  },
  {
    key: 'vip2',
    icon: '',
    name: 'VIP Gold',
    roles: ['chat', 'directMessages'],
    prices: { CNY: '88.00', USD: '12.99' },
    durationDays: 90,
    media: {},
    canBuilder: true,
  },
];

export function membershipsReply(current: MembershipsReply['current'] = null): MembershipsReply {
  return { tiers, current };
}

export function growth(overrides: Partial<GrowthData> = {}): GrowthData {
  return {
    points: 30,
    level: { key: 'lv1', icon: '', name: 'Lv1 Newcomer' },
    next: { level: { key: 'lv2', icon: '', name: 'Lv2 Apprentice' }, minPoints: 50 },
    today: [
      { reason: 'signIn', points: 0, cap: 10 },
      { reason: 'chat', points: 3, cap: 20 },
    ],
    signedInToday: false,
    ...overrides,
  };
}
