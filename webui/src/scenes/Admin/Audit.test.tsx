import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { auditEntry, auditPage } from '../../test/adminMembers';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import Audit, { dayBound } from './Audit';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(path = '/en/admin/audit') {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'admin.audit': () =>
        json(auditPage([auditEntry(1), auditEntry(2, { action: 'admin.members', target: '', outcome: 'refused', status: 403, before: '', after: '', actor: null })])),
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
      <Audit />
    </VirtuosoMockContext.Provider>,
    root,
    path,
  );
  return { root, calls };
}

describe('admin audit log', () => {
  beforeEach(stubResizeObserver);

  it('lists the newest entries first, with who, what and how it ended', async () => {
    setup();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((row) => row.dataset.key)).toEqual(['5002', '5001']);
    expect(rows[0]).toHaveTextContent('Unknown member');
    expect(rows[0]).toHaveTextContent('Refused · 403');
    expect(rows[1]).toHaveTextContent('Admin Ada');
    expect(rows[1]).toHaveTextContent('user:107');
  });

  it('starts filtered by the target in the address, and filters by outcome, actor, action and dates', async () => {
    const user = userEvent.setup();
    const { calls } = setup('/en/admin/audit?target=user:107');
    await screen.findAllByTestId('audit-row');
    expect(requests(calls, 'admin.audit')[0]).toEqual({ first: 50, target: 'user:107' });

    await user.click(within(screen.getByTestId('audit-outcome')).getByRole('tab', { name: 'Refused' }));
    await waitFor(() => expect(requests(calls, 'admin.audit').at(-1)).toEqual({ first: 50, target: 'user:107', outcome: 'refused' }));

    await user.type(screen.getByTestId('audit-actor'), '12');
    await waitFor(() => expect(requests(calls, 'admin.audit').at(-1)).toMatchObject({ actorId: '12' }));

    await user.type(screen.getByTestId('audit-action'), 'admin.ban');
    await waitFor(() => expect(requests(calls, 'admin.audit').at(-1)).toMatchObject({ actorId: '12', action: 'admin.ban' }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(requests(calls, 'admin.audit').at(-1)).toMatchObject({ from: dayBound('2026-11-20', false) }));

    await user.click(screen.getByRole('button', { name: 'Remove this filter' }));
    await waitFor(() => expect(requests(calls, 'admin.audit').at(-1)).not.toHaveProperty('target'));
  });

  it('opens an entry with its before and after pretty-printed side by side, the changes marked', async () => {
    const user = userEvent.setup();
    setup();
    const rows = await screen.findAllByTestId('audit-row');
    await user.click(rows[1]);
    const detail = await screen.findByTestId('audit-detail');
    expect(within(detail).getByTestId('audit-before').querySelector('pre')?.textContent).toBe('{\n  "bannedAt": 0,\n  "banReason": ""\n}');
    expect(within(detail).getByTestId('audit-after').querySelector('pre')?.textContent).toContain('"banReason": "spam"');
    // The lines the change made differ are marked on both sides.
    const changed = (side: string) => [...within(detail).getByTestId(side).querySelectorAll('[data-changed="true"]')].map((line) => line.textContent?.trim());
    expect(changed('audit-before')).toEqual(['"bannedAt": 0,', '"banReason": ""']);
    expect(changed('audit-after')).toEqual(['"bannedAt": 1,', '"banReason": "spam"']);
    expect(within(detail).getByTestId('audit-input')).toHaveTextContent('"minutes": 60');
    expect(detail).toHaveTextContent('203.0.113.9');
  });

  it('says when a read changed nothing', async () => {
    const user = userEvent.setup();
    setup();
    await user.click((await screen.findAllByTestId('audit-row'))[0]);
    const detail = await screen.findByTestId('audit-detail');
    expect(within(detail).getByTestId('audit-before')).toHaveTextContent('Nothing');
  });
});

describe('dayBound', () => {
  it('is the start of the day, or its last millisecond for the end of a range', () => {
    const start = dayBound('2026-11-20', false);
    expect(new Date(start).getHours()).toBe(0);
    expect(dayBound('2026-11-20', true) - start).toBe(24 * 60 * 60 * 1000 - 1);
    expect(dayBound('', true)).toBe(0);
  });
});
