import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { memberRow, membersPage } from '../../test/adminMembers';
import { stubResizeObserver } from '../../test/radix';
import { renderApp, renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { AdminPage } from './AdminPage';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(isAdmin: boolean | null, lang: 'en' | 'es' | 'zh-hans' = 'en') {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder({ 'admin.members': () => json(membersPage([memberRow(1), memberRow(2, { isAdmin: true })])) }));
  const root = createTestRoot(lang);
  if (isAdmin !== null) signIn(root, chatViewer({ id: '1', isAdmin })).accept('1');
  return { root, calls };
}

function renderAt(root: ReturnType<typeof setup>['root'], path: string) {
  return renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
      <Routes>
        {['', '/en', '/es'].map((prefix) => (
          <Route key={prefix} path={`${prefix}/admin`} element={<AdminPage />} />
        ))}
        {['', '/en', '/es'].map((prefix) => (
          <Route key={`${prefix}:section`} path={`${prefix}/admin/:section`} element={<AdminPage />} />
        ))}
      </Routes>
    </VirtuosoMockContext.Provider>,
    root,
    path,
  );
}

describe('/admin', () => {
  beforeEach(stubResizeObserver);

  it('asks a guest to log in and asks the server for nothing', async () => {
    const { root, calls } = setup(null);
    renderAt(root, '/en/admin');
    expect(await screen.findByText('Log in with an administrator account to open the console.')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-nav')).toBeNull();
    expect(requests(calls, 'admin.members')).toHaveLength(0);
  });

  it('tells a member who is not an admin that it is not for them', async () => {
    const { root, calls } = setup(false);
    renderAt(root, '/en/admin/audit');
    expect(await screen.findByTestId('admin-forbidden')).toHaveTextContent('This area is for administrators only.');
    expect(screen.queryByTestId('admin-nav')).toBeNull();
    expect(requests(calls, 'admin.audit')).toHaveLength(0);
  });

  it('shows an admin the sections and the members by default', async () => {
    const { root, calls } = setup(true);
    renderAt(root, '/en/admin');
    const nav = await screen.findByTestId('admin-nav');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/en/admin',
      '/en/admin/content',
      '/en/admin/moderation',
      '/en/admin/settings',
      '/en/admin/audit',
      '/en/admin/cluster',
    ]);
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByTestId('admin-member-row')).toHaveLength(2);
    expect(requests(calls, 'admin.members')).toEqual([{ first: 50 }]);
  });

  it('speaks the language of its prefix', async () => {
    const { root } = setup(true, 'es');
    renderAt(root, '/es/admin/members');
    const nav = await screen.findByTestId('admin-nav');
    expect(within(nav).getByRole('link', { name: 'Registro de auditoría' })).toHaveAttribute('href', '/es/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Miembros' })).toBeInTheDocument();
  });

  it('does not know a section it has not', async () => {
    const { root } = setup(true);
    renderAt(root, '/en/admin/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('is a route of the app in every language', async () => {
    const { root } = setup(true);
    renderApp('/admin/audit', root);
    await waitFor(() => expect(screen.getByTestId('admin-nav')).toBeInTheDocument());
  });
});
