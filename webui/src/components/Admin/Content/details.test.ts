import type { AdminContentRow } from '../../../api/adminContent';
import { detailsOf, formatPrice, valueKey } from './details';

const symbols: Record<string, string> = { CNY: '¥', USD: '$' };
const symbolOf = (code: string) => symbols[code] ?? `${code} `;

describe('content details', () => {
  it("formats a product's price per asset, credit as points", () => {
    expect(formatPrice('{"CNY":1230,"USD":199,"CREDIT":300}', symbolOf)).toBe('¥12.30 · $1.99 · 300 CREDIT');
    expect(formatPrice('not json', symbolOf)).toBe('not json');
  });

  it("keeps the language and the kind's readable fields, leaving ids out", () => {
    const row = { lang: 'es', extra: { node: 'tea', nodeId: '9', type: 'question' } } as unknown as AdminContentRow;
    expect(detailsOf(row, 'topic', symbolOf)).toEqual([
      ['lang', 'es'],
      ['node', 'tea'],
      ['type', 'question'],
    ]);
  });

  it("names the i18n key of a coupon's status and a page's kind", () => {
    expect(valueKey('coupon', 'status', 'used')).toBe('coupon.status.used');
    expect(valueKey('page', 'kind', 'docs')).toBe('admin.content.pageKind.docs');
    expect(valueKey('topic', 'type', 'question')).toBeNull();
  });
});
