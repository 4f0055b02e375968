import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProductReply } from '../../../api/adminProduct';
import { chatViewer, signIn } from '../../../test/chat';
import { FakeSocket } from '../../../test/fakeSocket';
import { stubResizeObserver } from '../../../test/radix';
import { renderWithStores } from '../../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../../test/stores';
import { ProductForm } from './ProductForm';

const REPLY: AdminProductReply = {
  product: {
    id: '42',
    slug: 'mug',
    titles: { en: 'Mug', es: 'Taza', 'zh-hans': '杯子' },
    descriptions: {},
    images: [],
    kind: 'physical',
    categoryId: '',
    tags: [],
    variants: [{ id: '7', names: {}, prices: { USD: '8.00' }, stock: 3 }],
    vipOnly: [],
    minLevel: '',
    vipDiscounts: {},
  },
  freeCodes: 0,
  choices: { categories: [{ key: '9', name: 'Kitchen' }], vipTiers: [], levels: [], currencies: [{ code: 'USD', symbol: '$', decimals: 2 }] },
};

function setup(onSaved = vi.fn()) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  let refuse = true;
  const calls: FetchCall[] = mockFetch(
    apiResponder({
      'admin.product': () => json(REPLY),
      'mutates.saveProduct': () => {
        if (!refuse) return json({ product: { id: '42' } });
        refuse = false;
        return json({ statusCode: 400, messages: ['The field slug is not valid.'], field: 'slug' }, 400);
      },
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  renderWithStores(<ProductForm productId="42" onClose={vi.fn()} onSaved={onSaved} />, root, '/en/admin/content');
  return { calls };
}

describe('ProductForm', () => {
  beforeEach(stubResizeObserver);

  it('opens prefilled, shows a refusal at the field named, and saves the edited price', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { calls } = setup(onSaved);
    const es = await screen.findByTestId('product-title-es');
    expect((es as HTMLInputElement).value).toBe('Taza');
    const price = screen.getByTestId('product-price-USD') as HTMLInputElement;
    expect(price.value).toBe('8.00');
    expect((screen.getByTestId('product-stock') as HTMLInputElement).value).toBe('3');
    await user.clear(price);
    await user.type(price, '9.50');
    await user.click(screen.getByTestId('product-save'));
    expect((await screen.findByTestId('product-error-slug')).textContent).toBe('The field slug is not valid.');
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('42'));
    const saves = calls.filter((c) => c.body?.action === 'mutates.saveProduct').map((c) => c.body?.data as Record<string, unknown>);
    expect(saves[1]).toMatchObject({
      id: '42',
      slug: 'mug',
      titles: { en: 'Mug', es: 'Taza', 'zh-hans': '杯子' },
      variants: [{ id: '7', names: {}, prices: { USD: '9.50' }, stock: 3 }],
    });
    expect(screen.queryByTestId('product-error-slug')).toBeNull();
  });
});
