import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { auditEntry, memberDetail, memberRow, membersPage } from '../../test/adminMembers';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import Members from './Members';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

type Replies = Parameters<typeof apiResponder>[0];

function setup(replies: Replies = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  let banned = false;
  const calls = mockFetch(
    apiResponder({
      'admin.members': (data) => json(membersPage(data.q === 'nobody' ? [] : [memberRow(1), memberRow(2)], '102', data.after === undefined)),
      'admin.member': () =>
        json(
          memberDetail(2, banned ? { member: memberRow(2, { banned: true }), sessions: [], ban: { at: 1, until: 0, reason: 'spam', by: { databaseId: '1', name: 'Admin Ada' } } } : {}),
        ),
      'admin.memberLedger': () => json({ entries: [], pageInfo: { hasNextPage: false, endCursor: '' } }),
      'admin.ban': () => {
        banned = true;
        return json({ ok: true });
      },
      'admin.audit': () => json({ edges: [{ node: auditEntry(1) }], pageInfo: { hasNextPage: false, endCursor: '' } }),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  const view = renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
      <Members />
    </VirtuosoMockContext.Provider>,
    root,
    '/en/admin',
  );
  return { calls, ...view };
}

describe('admin members', () => {
  beforeEach(stubResizeObserver);

  it('searches when the typing pauses, filters, and reads further pages', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    expect(await screen.findAllByTestId('admin-member-row')).toHaveLength(2);
    expect(requests(calls, 'admin.members')[0]).toEqual({ first: 50 });
    // The table's end is in view: the next page is asked for from the first page's end.
    await waitFor(() => expect(requests(calls, 'admin.members')).toContainEqual({ first: 50, after: '102' }));

    await user.type(screen.getByTestId('admin-members-search'), 'nobody');
    expect(await screen.findByText('No member matches this search.')).toBeInTheDocument();
    // One search for the settled text, not one per key.
    expect(requests(calls, 'admin.members').filter((data) => data.q)).toEqual([{ first: 50, q: 'nobody' }]);

    await user.click(within(screen.getByTestId('admin-members-filter')).getByRole('tab', { name: 'Banned' }));
    await waitFor(() => expect(requests(calls, 'admin.members').at(-1)).toEqual({ first: 50, q: 'nobody', filter: 'banned' }));
  });

  it('opens a member and bans them for a week after confirming; the panel shows the ban', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByText('Member 2'));
    const panel = await screen.findByTestId('admin-member-panel');
    expect(await within(panel).findByText('member2@example.com')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('member-session')).toHaveLength(1);
    expect(requests(calls, 'admin.member')).toEqual([{ userId: '102' }]);

    const open = within(panel).getByTestId('member-ban-open');
    expect(open).toBeDisabled();
    await user.type(within(panel).getByTestId('member-ban-reason'), 'spam links');
    await user.click(within(panel).getByRole('radio', { name: '7 days' }));
    await user.click(open);
    await user.click(await screen.findByTestId('member-ban-confirm-confirm'));

    await waitFor(() => expect(requests(calls, 'admin.ban')).toEqual([{ userId: '102', reason: 'spam links', minutes: 7 * 24 * 60 }]));
    expect(await within(panel).findByTestId('member-ban-state')).toHaveTextContent('Banned for good');
    expect(within(panel).getByText('No live session.')).toBeInTheDocument();
    // The list's row follows the change at once.
    const row = screen.getAllByTestId('admin-member-row').find((element) => element.dataset.key === '102');
    expect(within(row!).getByTestId('member-banned')).toBeInTheDocument();
  });

  it('shows the server refusing to demote the last administrator beside the roles, switches back', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'admin.member': () => json(memberDetail(2, { member: memberRow(2, { isAdmin: true }) })),
      'admin.setRoles': () => json({ statusCode: 409, messages: ['The last administrator cannot be demoted.'], codes: ['admin.error.lastAdmin'] }, 409),
    });
    await user.click(await screen.findByText('Member 2'));
    const panel = await screen.findByTestId('admin-member-panel');
    const adminBox = await within(panel).findByTestId('member-role-admin');
    expect(adminBox).toBeChecked();
    await user.click(adminBox);
    await user.click(within(panel).getByTestId('member-roles-save'));
    expect(await within(panel).findByTestId('member-roles-error')).toHaveTextContent('The last administrator cannot be demoted.');
    expect(requests(calls, 'admin.setRoles')).toEqual([{ userId: '102', admin: false, builder: false }]);
    expect(adminBox).toBeChecked();
  });

  it('adjusts the wallet with a fresh idempotency key and makes a login link', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'admin.walletAdjust': () => json({ wallet: { credit: 40, money: {} } }),
      'admin.loginToken': () => json({ loginToken: { token: 'tok', link: '/?token=tok', expiresAt: 1 } }),
    });
    await user.click(await screen.findByText('Member 2'));
    const panel = await screen.findByTestId('admin-member-panel');
    const adjust = await within(panel).findByTestId('member-adjust');
    await user.type(within(adjust).getByLabelText('Amount (+ adds, − removes)'), '+10');
    await user.type(within(adjust).getByLabelText('Reason, shown to the member'), 'goodwill');
    await user.click(within(adjust).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests(calls, 'admin.walletAdjust')).toHaveLength(1));
    const [input] = requests(calls, 'admin.walletAdjust');
    expect(input).toMatchObject({ userId: '102', currency: 'CREDIT', amount: '+10', memo: 'goodwill' });
    expect(String(input.idemKey)).toMatch(/^admin-adjust:[A-Za-z0-9]{8,}$/);

    await user.click(within(panel).getByTestId('member-login-make'));
    expect(await within(panel).findByTestId('member-login-link')).toHaveValue(`${window.location.origin}/?token=tok`);
    await act(async () => {});
  });
});
