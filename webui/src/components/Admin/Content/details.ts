import type { AdminContentRow, ContentKind } from '../../../api/adminContent';
import { formatMoney, minorToMajor } from '../../../utils/money';

/** The `extra` fields a kind's details column shows, in order (ids of related rows are left out). */
const SHOWN: Record<ContentKind, readonly string[]> = {
  article: [],
  topic: ['node', 'type'],
  answer: [],
  comment: ['targetType'],
  product: ['price', 'sold', 'type'],
  coupon: ['code', 'status', 'type', 'value', 'owner'],
  node: ['topics', 'members', 'joinType'],
  category: ['nodes'],
  term: ['kind', 'items'],
  page: ['kind'],
};

/** The i18n key prefix of a field's values, per kind, where the value is one of a few words. */
const VALUE_KEYS: Partial<Record<ContentKind, Record<string, string>>> = {
  coupon: { status: 'coupon.status', type: 'coupon.type' },
  term: { kind: 'admin.term.kind' },
  page: { kind: 'admin.content.pageKind' },
};

/** The i18n key of a field's value (a coupon's status), or null when the value is shown as it is. */
export function valueKey(kind: ContentKind, key: string, value: string): string | null {
  const prefix = VALUE_KEYS[kind]?.[key];
  return prefix ? `${prefix}.${value}` : null;
}

/** The credit asset of a price: whole points, not money. */
const CREDIT = 'CREDIT';

/**
 * A product's price as admin.content sends it (JSON `{asset: minor units}`) in the site's money
 * format, every asset side by side: "¥12.00 · $1.99"; the text itself when it is not that JSON.
 */
export function formatPrice(text: string, symbolOf: (code: string) => string): string {
  let prices: unknown;
  try {
    prices = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof prices !== 'object' || prices === null) return text;
  return Object.entries(prices as Record<string, number>)
    .map(([asset, minor]) => (asset === CREDIT ? `${minor} ${asset}` : formatMoney(minorToMajor(minor), symbolOf(asset))))
    .join(' · ');
}

/** The details of a row: its language (when it has one) and the kind's fields worth reading, as [key, text] pairs. */
export function detailsOf(row: AdminContentRow, kind: ContentKind, symbolOf: (code: string) => string): [string, string][] {
  const extra = row.extra ?? {};
  const pairs: [string, string][] = row.lang ? [['lang', row.lang]] : [];
  for (const key of SHOWN[kind]) {
    const value = extra[key];
    if (!value) continue;
    pairs.push([key, key === 'price' ? formatPrice(value, symbolOf) : value]);
  }
  return pairs;
}
