/**
 * Names and helpers of wallets, memberships, payments and growth (contract issue 12). The wire
 * types themselves are generated from the server's registry (`wire.gen.ts`).
 */
export type {
  Entry as WalletEntryData,
  EntriesInput,
  EntriesReply,
  Growth as GrowthData,
  Membership as MembershipData,
  PaymentView as PaymentData,
  QR as QrData,
  SandboxPayment as SandboxPaymentData,
  Tier as TierData,
  WalletView,
} from './wire.gen';

/** A ledger asset: a currency code or "CREDIT". */
export const CREDIT = 'CREDIT';

/** A fresh idempotency key (8..100 of [A-Za-z0-9:_-]) for one confirmed operation. */
export function newIdemKey(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${prefix}:${random}`.slice(0, 100);
}

/** SPEC §4 and §9: the payment QR dialog counts down 300 s from each opening, then shows expired. */
export const QR_COUNTDOWN_SECONDS = 300;
