import { readStorage, writeStorage } from './storage';

export const VISITOR_KEY = 'visitorId';
export const REFERRAL_KEY = 'ref';

/** A stable random id for this browser, created on first use and kept in local storage. */
export function visitorId(): string {
  const existing = readStorage(VISITOR_KEY);
  if (existing) return existing;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeStorage(VISITOR_KEY, id);
  return id;
}

/** Remembers a referral code from a ?ref= query for a later sign-up. */
export function rememberReferral(code: string): void {
  if (code) writeStorage(REFERRAL_KEY, code);
}

export function referralCode(): string | null {
  return readStorage(REFERRAL_KEY);
}
