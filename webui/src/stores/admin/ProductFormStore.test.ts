import type { AdminProductReply, ProductDraft } from '../../api/adminProduct';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { ProductFormStore, codesOf, fieldOf, tagsOf } from './ProductFormStore';

const CHOICES: AdminProductReply['choices'] = {
  categories: [{ key: '9', name: 'Apparel' }],
  vipTiers: [{ key: 'vip1', name: 'VIP 1' }],
  levels: [{ key: 'lv2', name: 'Level 2' }],
  currencies: [
    { code: 'USD', symbol: '$', decimals: 2 },
    { code: 'CREDIT', symbol: '', decimals: 0 },
  ],
};

/** The tee as admin.product answers it: what mutates.saveProduct takes. */
const TEE: ProductDraft = {
  id: '42',
  slug: 'tee',
  titles: { en: 'Tee', es: 'Camiseta', 'zh-hans': 'T 恤' },
  descriptions: { en: '<p>Soft</p>' },
  images: ['https://img.test/tee.png'],
  kind: 'physical',
  categoryId: '9',
  tags: ['Souk', 'Summer Sale'],
  variants: [
    { id: '1', names: { en: 'S' }, prices: { USD: '14.00' }, stock: 5 },
    { id: '2', names: { en: 'M' }, prices: { USD: '15.50', CREDIT: '300' }, stock: 0 },
  ],
  vipOnly: ['vip1'],
  minLevel: 'lv2',
  vipDiscounts: { vip1: 10 },
};

function setup(save: (data: Record<string, unknown>) => Response = () => json({ product: { id: '42' } })) {
  const calls: FetchCall[] = mockFetch(
    apiResponder({
      'admin.product': (data) => json({ product: data.id ? TEE : null, freeCodes: 0, choices: CHOICES }),
      'mutates.saveProduct': save,
    }),
  );
  const root = createTestRoot('en');
  return { calls, root, store: new ProductFormStore(root) };
}

describe('ProductFormStore', () => {
  it('sends back exactly what admin.product answered when nothing is changed', async () => {
    const { store } = setup();
    expect(await store.load('42')).toBe(true);
    expect(store.titles.es).toBe('Camiseta');
    expect(store.hasVariants).toBe(true);
    expect(store.input()).toEqual({ ...TEE, descriptions: { en: '<p>Soft</p>' } });
  });

  it('builds a new product with one price and stock, leaving blank texts and prices out', async () => {
    const { store } = setup();
    await store.load(null);
    expect(store.id).toBeNull();
    expect(store.choices.categories).toEqual(CHOICES.categories);
    store.set('slug', ' mug ');
    store.setTitle('en', 'Mug ');
    store.setTitle('es', 'Taza');
    store.setPrice(0, 'USD', '8.5');
    store.setPrice(0, 'CREDIT', ' ');
    store.setVariant(0, { stock: '12' });
    store.set('tags', 'Kitchen, , Gifts');
    store.setDiscount('vip1', '');
    expect(store.hasVariants).toBe(false);
    expect(store.input()).toEqual({
      slug: 'mug',
      titles: { en: 'Mug', es: 'Taza' },
      descriptions: {},
      images: [],
      kind: 'physical',
      tags: ['Kitchen', 'Gifts'],
      variants: [{ names: {}, prices: { USD: '8.5' }, stock: 12 }],
      vipOnly: [],
      minLevel: '',
      vipDiscounts: {},
    });
    store.set('kind', 'digital');
    store.set('digitalType', 'code');
    store.set('newCodes', 'A1\n\n B2 ');
    expect(store.input().digital).toEqual({ type: 'code', codes: ['A1', 'B2'] });
  });

  it('saves, toasts and reads the product again; a refusal goes to the field the server names', async () => {
    let refuse = true;
    const { store, calls, root } = setup(() =>
      refuse
        ? json({ statusCode: 400, messages: ['The field prices is not valid.'], codes: ['common.error.badField'], field: 'prices' }, 400)
        : json({ product: { id: '42' } }),
    );
    await store.load('42');
    store.setPrice(0, 'USD', '1a');
    expect(await store.save()).toBeNull();
    expect(store.errors.get('prices')).toBe('The field prices is not valid.');
    refuse = false;
    store.setPrice(0, 'USD', '12.00');
    expect(await store.save()).toBe('42');
    expect(store.errors.size).toBe(0);
    const saved = calls.filter((c) => c.body?.action === 'mutates.saveProduct').map((c) => c.body?.data as { variants: { prices: unknown }[] });
    expect(saved[1]!.variants[0]!.prices).toEqual({ USD: '12.00' });
    expect(root.toasts.toasts.map((t) => t.message)).toContain('Product saved');
  });

  it('reads the field of a refusal and the lists typed in', () => {
    expect(fieldOf({ statusCode: 400, messages: [], field: 'digital.url' })).toBe('digital');
    expect(fieldOf({ statusCode: 400, messages: [], field: 'variants[1].names' })).toBe('variants');
    expect(fieldOf({ statusCode: 400, messages: [] })).toBeNull();
    expect(tagsOf('a，b, ,c')).toEqual(['a', 'b', 'c']);
    expect(codesOf(' x \n\ny')).toEqual(['x', 'y']);
  });
});
