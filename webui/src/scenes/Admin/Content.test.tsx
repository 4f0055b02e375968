import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { AdminContentRow } from '../../api/adminContent';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import Content from './Content';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function row(kind: string, n: number, overrides: Partial<AdminContentRow> = {}): AdminContentRow {
  return {
    kind,
    id: String(100 + n),
    title: `${kind} ${n}`,
    excerpt: `excerpt ${n}`,
    lang: '',
    author: { databaseId: '7', name: 'Ann', slug: 'ann' },
    url: `/en/${kind}/${100 + n}`,
    editUrl: '',
    createdAt: Date.UTC(2026, 10, 20),
    updatedAt: Date.UTC(2026, 10, 21),
    deletedAt: 0,
    extra: {},
    ...overrides,
  };
}

function setup() {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'admin.content': (data) =>
        json({
          edges: (data.kind === 'coupon'
            ? [row('coupon', 1, { id: 'SAVE10', title: 'Ten off', extra: { code: 'SAVE10', status: 'unused', owner: 'Ann' } })]
            : [row('article', 2, { lang: 'es' }), row('article', 1)]
          ).map((node) => ({ cursor: node.id, node })),
          pageInfo: { hasNextPage: false, endCursor: '' },
        }),
      'admin.contentBulk': (data) =>
        json({ done: (data.ids as string[]).slice(1), failed: [{ id: (data.ids as string[])[0], message: 'This article was deleted already', key: 'k' }] }),
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
      <Content />
    </VirtuosoMockContext.Provider>,
    root,
    '/en/admin/content',
  );
  return { calls, root };
}

describe('admin content', () => {
  beforeEach(stubResizeObserver);

  it('deletes the picked rows after a confirmation and shows a refused row its reason', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    expect(await screen.findAllByTestId('content-row')).toHaveLength(2);
    expect(screen.getAllByTestId('content-row')[0].textContent).toContain('Language: es');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows shown' }));
    await user.click(screen.getByTestId('content-bulk-delete'));
    const dialog = await screen.findByTestId('content-bulk-confirm');
    expect(within(dialog).getByText('Readers will no longer see them. You can restore them from the Deleted tab.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('content-row')).toHaveLength(1));
    expect(requests(calls, 'admin.contentBulk')).toEqual([{ kind: 'article', ids: ['102', '101'], op: 'delete' }]);
    expect(screen.getByTestId('content-failure').textContent).toBe('This article was deleted already');
  });

  it('shows coupons with their translated status, without bulk picks or a status filter, and offers to create some', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findAllByTestId('content-row');
    await user.click(within(screen.getByTestId('content-kinds')).getByRole('tab', { name: 'Coupons' }));
    await waitFor(() => expect(screen.getByTestId('content-row').textContent).toContain('Ten off'));
    expect(screen.getByTestId('content-row').textContent).toContain('Status: Unused');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('content-status-filter')).toBeNull();
    expect(screen.getByTestId('coupons-create-open')).toBeTruthy();
  });
});
