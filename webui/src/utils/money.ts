/**
 * Money in major units (yuan, dollars, euros) as plain numbers, always rounded to 2 decimals
 * (SPEC §9). Arithmetic goes through integer cents so that `addMoney(0.1, 0.2) === 0.3`.
 */

/** Rounds half away from zero after dropping binary noise (1.005 * 100 is 100.49999…). */
function roundHalfAwayFromZero(value: number): number {
  const clean = Number(value.toPrecision(15));
  const rounded = Math.sign(clean) * Math.round(Math.abs(clean));
  return rounded === 0 ? 0 : rounded;
}

/** Converts a major amount to the server's integer minor units (cents), rounding to the cent. */
export function majorToMinor(major: number): number {
  return roundHalfAwayFromZero(major * 100);
}

/** Converts the server's integer minor units (cents) to a major amount. */
export function minorToMajor(minor: number): number {
  return roundHalfAwayFromZero(minor) / 100;
}

/** The sum of the amounts, rounded to 2 decimals. */
export function addMoney(...amounts: number[]): number {
  return minorToMajor(amounts.reduce((cents, amount) => cents + majorToMinor(amount), 0));
}

/** `minuend - subtrahend`, rounded to 2 decimals. */
export function subMoney(minuend: number, subtrahend: number): number {
  return minorToMajor(majorToMinor(minuend) - majorToMinor(subtrahend));
}

/** `amount` times `factor` (a quantity or a rate), rounded half away from zero to 2 decimals. */
export function mulMoney(amount: number, factor: number): number {
  return minorToMajor(majorToMinor(amount) * factor);
}

/**
 * Formats an amount with its currency symbol and exactly 2 decimals: `¥12.30`, `-¥12.30`.
 * An amount that rounds to zero shows no minus sign.
 */
export function formatMoney(amount: number, symbol: string): string {
  const cents = majorToMinor(amount);
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${symbol}${whole}.${fraction}`;
}

/**
 * Formats an amount the server sent as text ("12.30", "-5.00", credit "300") with a symbol, without
 * going through a float: `-¥12.30`. A leading plus sign or zero amount shows no sign.
 */
export function formatAmountText(amount: string, symbol: string): string {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const digits = text.replace(/^[-+]/, '');
  const isZero = /^[0.]*$/.test(digits);
  return `${negative && !isZero ? '-' : ''}${symbol}${digits || '0'}`;
}

/** The sign of an amount sent as text: 1, -1 or 0. */
export function amountSign(amount: string): -1 | 0 | 1 {
  const text = amount.trim();
  if (/^[-+]?[0.]*$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/**
 * An amount as text with exactly `decimals` digits after the dot, rounded half away from zero on
 * the digits themselves (no float): `fixDecimals("12.345", 2) === "12.35"`, `fixDecimals("3", 2) === "3.00"`.
 * Text that is not a plain decimal is returned as it came.
 */
export function fixDecimals(amount: string, decimals: number): string {
  const text = amount.trim();
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !(match[2] || match[3])) return text;
  const negative = match[1] === '-';
  const integer = match[2] || '0';
  const fraction = match[3] ?? '';
  let units = BigInt(integer + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (fraction.length > decimals && fraction[decimals] >= '5') units += 1n;
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return `${negative && units !== 0n ? '-' : ''}${whole}`;
}
