import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ViewerData } from '../../models/Viewer';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { createTestRoot, json, mockFetch } from '../../test/stores';
import { UserMenu } from './UserMenu';

/** A viewer as auth.viewer sends it: badges as objects, gqMoney as JSON text. */
const viewer: ViewerData = {
  id: '42',
  databaseId: '42',
  name: 'Valeria',
  avatar: { url: '/api/avatar?seed=valeria' },
  gqSlug: 'valeria',
  gqVIP: { key: 'vip2', icon: 'data:image/svg+xml,vip', name: 'Gold VIP' },
  gqLevel: { key: 'lv4', icon: 'data:image/svg+xml,lv4', name: 'Lv4 Expert' },
  gqMoney: '{"CNY":"88.5","EUR":"12.345","USD":"3"}',
  gqCredit: 120,
  gqNotification: 5,
  gqTicket: [{ id: 1 }, { id: 2 }],
  gqRoles: { hasInfomation: true, showClose: true },
};

function setup(data: ViewerData = viewer, lang: 'en' | 'es' = 'es') {
  const root = createTestRoot(lang);
  root.settings.settings = {
    credit_symbol: '✦',
    currency: [
      { code: 'EUR', symbol: '€' },
      { code: 'USD', symbol: '$' },
    ],
    languages: [{ code: 'es', name: 'es-ES', currency: 'EUR' }],
    page_settings: {
      desktop: {
        header: {
          userList: [
            { label: 'Mi cartera', url: '/account/wealth', icon: 'wallet' },
            { label: 'Tickets', url: '/account/ticket', icon: 'ticket' },
          ],
        },
      },
    },
  };
  root.auth.setViewer(data);
  return root;
}

describe('UserMenu from a viewer', () => {
  beforeEach(stubResizeObserver);

  it('shows avatar, name, badges with icons, counts, balances in the selected currency and the links', async () => {
    const root = setup();
    const user = userEvent.setup();
    renderWithStores(<UserMenu />, root, '/es');
    const trigger = screen.getByRole('button', { name: 'Menú de la cuenta' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/api/avatar?seed=valeria');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Valeria')).toBeInTheDocument();
    const vip = menu.querySelector('[data-badge=vip]')!;
    expect(vip).toHaveTextContent('Gold VIP');
    expect(vip.querySelector('img')).toHaveAttribute('src', 'data:image/svg+xml,vip');
    expect(menu.querySelector('[data-badge=level]')).toHaveTextContent('Lv4 Expert');
    expect(within(menu).getByTestId('money-balance')).toHaveTextContent('€12.35');
    expect(within(menu).getByTestId('credit-balance')).toHaveTextContent('✦120');
    expect(within(menu).getByRole('menuitem', { name: /Notificaciones/ })).toHaveTextContent('5');
    expect(within(menu).getByRole('menuitem', { name: /Tickets/ })).toHaveTextContent('2');
    expect(within(menu).getAllByRole('menuitem', { name: /Tickets/ })).toHaveLength(1);
    expect(within(menu).getByRole('menuitem', { name: 'Mi perfil' })).toHaveAttribute('href', '/es/profile/valeria-42');
    expect(within(menu).getByRole('menuitem', { name: 'Mi cartera' })).toHaveAttribute('href', '/es/account/wealth');
    expect(within(menu).queryByText('Hazte miembro')).toBeNull();
  });

  it('offers the membership to a member without VIP, and switches the balance with the currency', async () => {
    const root = setup({ ...viewer, gqVIP: null });
    root.locale.pickedCurrency = 'USD';
    const user = userEvent.setup();
    renderWithStores(<UserMenu />, root, '/es');
    await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Hazte miembro/ })).toHaveAttribute('href', '/es/account/membership');
    expect(within(menu).getByTestId('money-balance')).toHaveTextContent('$3.00');
    expect(menu.querySelector('[data-badge=vip]')).toBeNull();
  });

  it('links an administrator, and only them, to the console', async () => {
    const user = userEvent.setup();
    const admin = setup({ ...viewer, gqRoles: { ...viewer.gqRoles, isAdmin: true } });
    const { unmount } = renderWithStores(<UserMenu />, admin, '/es');
    await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Administración' })).toHaveAttribute('href', '/es/admin');
    unmount();

    renderWithStores(<UserMenu />, setup(), '/es');
    await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Administración' })).toBeNull();
  });

  it('opens the level tips', async () => {
    const root = setup();
    mockFetch(() => json({ levelTips: { levels: [], vip: [] } }));
    const user = userEvent.setup();
    renderWithStores(<UserMenu />, root, '/es');
    await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Niveles y privilegios' }));
    expect(root.ui.isOpen('levelTips')).toBe(true);
    await waitFor(() => expect(root.levelTips.tips).not.toBeNull());
  });

  it('logs out: POST /api/auth/logout, then the login button', async () => {
    const root = setup();
    const calls = mockFetch((call) => (call.url === '/api/auth/logout' ? json({ logout: { success: true } }) : json({})));
    const user = userEvent.setup();
    renderWithStores(<UserMenu />, root, '/es');
    await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/auth/logout');
    expect(calls[0].init.method).toBe('POST');
    expect(root.auth.viewer).toBeNull();
  });
});
