import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { Route, Routes } from 'react-router';
import { AccountLayout } from '../../components/Layout/AccountLayout';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { image, member, report, reportsPage } from '../../test/reports';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { AccountPage } from './AccountPage';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(isAdmin: boolean | null) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'admin.reports': () =>
        json(
          reportsPage([
            report(1, { imgs: [image(1), image(2)] }),
            report(2, { postType: 'user', postId: '7', target: { user: member('7', 'Author Al'), deleted: false }, type: 'Impersonation', content: 'pretends to be staff' }),
          ]),
        ),
      'admin.resolveReport': (data) => json({ report: report(1, { status: 'resolved', resolution: String(data.action) }) }),
    }),
  );
  const root = createTestRoot('en');
  if (isAdmin !== null) signIn(root, chatViewer({ id: '1', isAdmin })).accept('1');
  return { root, calls };
}

function renderAt(root: ReturnType<typeof setup>['root'], path: string) {
  return renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 200 }}>
      <Routes>
        <Route element={<AccountLayout />}>
          <Route path="/en/account/:page" element={<AccountPage />} />
        </Route>
      </Routes>
    </VirtuosoMockContext.Provider>,
    root,
    path,
  );
}

describe('/account/reports', () => {
  beforeEach(stubResizeObserver);

  it('is not found for a member who is no admin, and not in their account menu', async () => {
    const { root, calls } = setup(false);
    renderAt(root, '/en/account/reports');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(requests(calls, 'admin.reports')).toHaveLength(0);
  });

  it('is not found for a guest', async () => {
    const { root, calls } = setup(null);
    renderAt(root, '/en/account/reports');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(requests(calls, 'admin.reports')).toHaveLength(0);
  });

  it('shows an admin the open queue: target, reporter, reason, screenshots in the viewer', async () => {
    const { root, calls } = setup(true);
    renderAt(root, '/en/account/reports');
    expect(await screen.findByRole('heading', { name: 'Moderation queue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/en/account/reports');
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(requests(calls, 'admin.reports')).toEqual([{ status: 'open', first: 20 }]);
    const [first, second] = rows;
    expect(within(first).getByTestId('report-target')).toHaveTextContent('bad message 1');
    expect(within(first).getByTestId('report-target')).toHaveTextContent('Author Al');
    expect(within(first).getByTestId('report-type')).toHaveTextContent('Abuse');
    expect(within(first).getByTestId('report-content')).toHaveTextContent('report 1');
    expect(within(first).getByRole('link', { name: 'Reporter Rita' })).toHaveAttribute('href', '/en/profile/member8-8');
    expect(within(second).getByTestId('report-target')).toHaveTextContent('Author Al');
    expect(within(second).getByText('Member')).toBeInTheDocument();
    for (const name of ['Dismiss', 'Delete content', 'Warn author', 'Ban author']) expect(within(first).getByRole('button', { name })).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Screenshot 2' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/media/502/shot-2.png');
  });

  it('resolves after a confirmation: the row leaves and a toast says it is done', async () => {
    const { root, calls } = setup(true);
    renderAt(root, '/en/account/reports');
    const [first] = await screen.findAllByTestId('report-row');
    await userEvent.click(within(first).getByRole('button', { name: 'Ban author' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ban the author?' });
    expect(requests(calls, 'admin.resolveReport')).toHaveLength(0);
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'Note (optional)' }), 'spam bot');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ban author' }));
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
    expect(requests(calls, 'admin.resolveReport')).toEqual([{ id: '901', action: 'ban', note: 'spam bot' }]);
    expect(await screen.findByText('Author banned')).toBeInTheDocument();
  });
});
