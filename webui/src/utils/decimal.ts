/**
 * The decimal input rule (SPEC §5): what a number field keeps while the user types
 * ({@link sanitizeDecimal}) and what it settles on when the field loses focus ({@link finalizeDecimal}).
 * Values stay strings so that nothing is lost to floating point on the way.
 */

/** Limits of a decimal field; each one left out means "no limit". */
export interface DecimalOptions {
  /** Smallest allowed value. A minus sign can only be typed when this is negative or unset. */
  min?: number;
  /** Largest allowed value. */
  max?: number;
  /** Digits allowed after the dot; 0 allows no dot at all. */
  decimals?: number;
}

const COMPLETE_NUMBER = /^-?\d+(\.\d+)?$/;

/** `bound` as a string with at most `decimals` digits, stepped back inside the bound if rounding left it. */
function boundToString(bound: number, decimals: number | undefined, side: 'min' | 'max'): string {
  if (decimals === undefined) return String(bound);
  const step = 10 ** -decimals;
  let value = Number(bound.toFixed(decimals));
  if (side === 'max' && value > bound) value -= step;
  if (side === 'min' && value < bound) value += step;
  return value.toFixed(decimals);
}

/**
 * Cleans what the user has typed so far: keeps digits, the first dot and a leading minus
 * (only when `min` allows negatives), truncates the fraction to `decimals` (0 drops the dot), and
 * clamps a complete number to `min`..`max` once no further typing could bring it back in range
 * (`150` against a max of 100, `-7` against a min of -5). A value that further digits could still
 * fix, such as `1` on the way to `15` with a min of 10, is left for {@link finalizeDecimal}.
 */
export function sanitizeDecimal(raw: string, { min, max, decimals }: DecimalOptions = {}): string {
  const allowsMinus = min === undefined || min < 0;
  const negative = allowsMinus && raw.trimStart().startsWith('-');
  const unsigned = raw.replace(/[^\d.]/g, '');
  const dot = unsigned.indexOf('.');
  let body = unsigned;
  if (dot !== -1) {
    const integer = unsigned.slice(0, dot);
    const fraction = unsigned.slice(dot + 1).replace(/\./g, '');
    if (decimals === 0) body = integer;
    else body = `${integer}.${decimals === undefined ? fraction : fraction.slice(0, decimals)}`;
  }
  const text = negative ? `-${body}` : body;
  if (!COMPLETE_NUMBER.test(text)) return text;
  const value = Number(text);
  if (max !== undefined && value > max && value >= 0) return Number(boundToString(max, decimals, 'max')).toString();
  if (min !== undefined && value < min && value <= 0) return Number(boundToString(min, decimals, 'min')).toString();
  return text;
}

/**
 * The value a decimal field settles on when it loses focus: sanitized, clamped to `min`..`max`,
 * with leading zeros dropped and the fraction padded to exactly `decimals` digits (`1.5` → `1.50`).
 * Anything without a digit (`""`, `-`, `.`) becomes `""`.
 */
export function finalizeDecimal(raw: string, options: DecimalOptions = {}): string {
  const { min, max, decimals } = options;
  const text = sanitizeDecimal(raw, options);
  if (!/\d/.test(text)) return '';
  const value = Number(text);
  if (max !== undefined && value > max) return boundToString(max, decimals, 'max');
  if (min !== undefined && value < min) return boundToString(min, decimals, 'min');
  const negative = text.startsWith('-');
  const [integerDigits, fractionDigits = ''] = text.replace('-', '').split('.');
  const integer = integerDigits.replace(/^0+(?=\d)/, '') || '0';
  const fraction = decimals === undefined ? fractionDigits : fractionDigits.padEnd(decimals, '0');
  const isZero = /^[0.]*$/.test(integer + fraction);
  return `${negative && !isZero ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}
