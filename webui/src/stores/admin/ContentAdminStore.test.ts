import type { AdminContentRow } from '../../api/adminContent';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { ContentAdminStore, batches } from './ContentAdminStore';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function row(n: number, overrides: Partial<AdminContentRow> = {}): AdminContentRow {
  return {
    kind: 'article',
    id: String(100 + n),
    title: `Article ${n}`,
    excerpt: '',
    lang: 'en',
    author: { databaseId: '7', name: 'Ann', slug: 'ann' },
    url: `/en/article/${100 + n}`,
    editUrl: `/en/create?id=${100 + n}`,
    createdAt: 1_000 + n,
    updatedAt: 1_000 + n,
    deletedAt: 0,
    extra: {},
    ...overrides,
  };
}

function page(rows: AdminContentRow[], hasNextPage = false) {
  return { edges: rows.map((node) => ({ cursor: node.id, node })), pageInfo: { hasNextPage, endCursor: rows.at(-1)?.id ?? '' } };
}

function setup(replies: Parameters<typeof apiResponder>[0]) {
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  return { root, calls, store: new ContentAdminStore(root) };
}

const ids = (store: ContentAdminStore) => store.rows.map((r) => r.id);

describe('ContentAdminStore', () => {
  it('narrows the terms tab to one kind of term, and sends no term kind for the other tabs', async () => {
    const { store, calls } = setup({ 'admin.content': () => json(page([])) });
    store.setTermKind('shop_tag');
    store.setKind('term');
    await vi.waitFor(() => expect(store.isLoaded).toBe(true));
    store.setTermKind(null);
    await vi.waitFor(() => expect(requests(calls, 'admin.content')).toHaveLength(2));
    store.setTermKind('tag');
    store.setKind('node');
    await vi.waitFor(() => expect(requests(calls, 'admin.content')).toHaveLength(4));
    expect(requests(calls, 'admin.content')).toEqual([
      { kind: 'term', status: 'live', first: 50, termKind: 'shop_tag' },
      { kind: 'term', status: 'live', first: 50 },
      { kind: 'term', status: 'live', first: 50, termKind: 'tag' },
      { kind: 'node', status: 'live', first: 50 },
    ]);
  });

  it('reads a kind page by page, and reads again from the first page when the kind, status or search changes', async () => {
    const { store, calls } = setup({
      'admin.content': (data) => json(data.after ? page([row(1)]) : page([row(3), row(2)], true)),
    });
    await store.loadLatest();
    expect(ids(store)).toEqual(['103', '102']);
    await store.loadNewer();
    expect(ids(store)).toEqual(['103', '102', '101']);
    store.setKind('topic');
    store.setStatus('deleted');
    store.setQuery('  tea ');
    await vi.waitFor(() => expect(store.isLoaded).toBe(true));
    expect(requests(calls, 'admin.content')).toEqual([
      { kind: 'article', status: 'live', first: 50 },
      { kind: 'article', status: 'live', first: 50, after: '102' },
      { kind: 'topic', status: 'live', first: 50 },
      { kind: 'topic', status: 'deleted', first: 50 },
      { kind: 'topic', status: 'deleted', first: 50, q: 'tea' },
    ]);
  });

  it('deletes the picked rows: done ones leave the live list, refused ones stay picked with their message', async () => {
    const { store, calls, root } = setup({
      'admin.content': () => json(page([row(3), row(2), row(1)])),
      'admin.contentBulk': (data) => {
        const [first, ...rest] = data.ids as string[];
        return json({ done: rest, failed: [{ id: first, message: 'Already deleted', key: 'admin.error.content.alreadyDeleted' }] });
      },
    });
    await store.loadLatest();
    store.selectAll(true);
    expect(await store.bulk('delete')).toBe(2);
    expect(requests(calls, 'admin.contentBulk')).toEqual([{ kind: 'article', ids: ['103', '102', '101'], op: 'delete' }]);
    expect(ids(store)).toEqual(['103']);
    expect([...store.selected]).toEqual(['103']);
    expect(store.failures.get('103')).toBe('Already deleted');
    expect(root.toasts.toasts.map((t) => t.message)).toEqual(['2 items deleted', '1 item was left as it was: see its row']);
  });

  it('changes the rows in place when the list shows every status', async () => {
    const { store } = setup({
      'admin.content': () => json(page([row(2), row(1, { deletedAt: 5 })])),
      'admin.contentBulk': (data) => json({ done: data.ids, failed: [] }),
    });
    store.setStatus('all');
    await vi.waitFor(() => expect(store.isLoaded).toBe(true));
    store.toggle('101');
    await store.bulk('restore');
    expect(store.rows.map((r) => [r.id, r.deletedAt])).toEqual([
      ['102', 0],
      ['101', 0],
    ]);
    store.toggle('102');
    await store.bulk('delete');
    expect(store.rows[0].deletedAt).toBeGreaterThan(0);
    expect(store.selected.size).toBe(0);
  });

  it('sends at most 100 ids per request', () => {
    const many = Array.from({ length: 250 }, (_, i) => String(i));
    expect(batches(many).map((b) => b.length)).toEqual([100, 100, 50]);
  });

  it('creates coupons and reads the coupons list again', async () => {
    const { store, calls, root } = setup({
      'admin.content': () => json(page([])),
      'admin.createCoupons': () => json({ codes: ['A1', 'B2'] }),
    });
    store.setKind('coupon');
    await vi.waitFor(() => expect(store.isLoaded).toBe(true));
    const codes = await store.createCoupons({
      count: 1,
      ownerIds: ['7', '8'],
      template: { name: { en: 'Ten off' }, type: 'cash', faceValue: { currency: 'CNY', amount: '10' }, allowPush: true, expiredTime: 0, redeem: { type: 'none' }, useRestrict: { type: 'none' }, restrictedType: '' },
    });
    expect(codes).toEqual(['A1', 'B2']);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual(['2 coupons created']);
    await vi.waitFor(() => expect(requests(calls, 'admin.content').filter((d) => d.kind === 'coupon')).toHaveLength(2));
  });
});
