import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubResizeObserver } from '../test/radix';
import { renderWithStores } from '../test/render';
import { createTestRoot } from '../test/stores';
import { DeviceFrame } from './Builder/DeviceFrame';
import { ErrorPage } from './Feedback/ErrorPage';
import { createPanelHeight } from './Footer/CreatePanel';
import { UserMenu } from './Header/UserMenu';
import { ScrollMenu } from './Layout/ScrollMenu';

describe('ErrorPage', () => {
  it('shows Page Not Found with the path for 404', () => {
    renderWithStores(<ErrorPage statusCode={404} path="/x" />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /x')).toBeInTheDocument();
  });

  it('defaults to 500 Internal Server Error', () => {
    renderWithStores(<ErrorPage />);
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
  });

  it('renders nothing for crawlers', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Googlebot/2.1');
    const { container } = renderWithStores(<ErrorPage statusCode={404} path="/x" />);
    expect(container.querySelector('h1')).toBeNull();
  });
});

describe('Toaster', () => {
  it('shows a toast in its placement and removes it after 3000 ms', async () => {
    vi.useFakeTimers();
    try {
      const root = createTestRoot();
      renderWithStores(<span />, root);
      act(() => {
        root.toasts.success('Saved', { placement: 'bottom-left' });
      });
      const viewport = document.querySelector('[data-placement="bottom-left"]') as HTMLElement;
      expect(within(viewport).getByText('Saved')).toBeInTheDocument();
      expect(viewport.style.bottom).toBe('16px');
      expect(viewport.style.left).toBe('16px');
      await act(() => vi.advanceTimersByTimeAsync(3100));
      expect(root.toasts.toasts).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names its regions in the page’s language', () => {
    renderWithStores(<span />, createTestRoot('zh-hans'));
    const regions = [...document.querySelectorAll('[role="region"]')].map((region) => region.getAttribute('aria-label'));
    expect(regions.length).toBeGreaterThan(0);
    for (const label of regions) expect(label).toMatch(/^通知 \(/);
  });
});

describe('ScrollMenu', () => {
  it('marks show-before once scrolled sideways', () => {
    renderWithStores(
      <ScrollMenu gap={8} padding={4} background="#fff" aria-label="menu">
        <a href="/a">A</a>
      </ScrollMenu>,
    );
    const menu = screen.getByLabelText('menu');
    expect(menu).not.toHaveClass('show-before');
    expect(menu).toHaveStyle({ gap: '8px', padding: '4px', overflowX: 'auto' });
    menu.scrollLeft = 40;
    fireEvent.scroll(menu);
    expect(menu).toHaveClass('show-before');
  });

  it('scrolls vertically when asked', () => {
    renderWithStores(
      <ScrollMenu horizontal={false} vertical aria-label="menu">
        <a href="/a">A</a>
      </ScrollMenu>,
    );
    expect(screen.getByLabelText('menu')).toHaveStyle({ overflowY: 'auto', overflowX: 'hidden' });
  });
});

describe('create panel height', () => {
  it('is 12rem plus the sections present', () => {
    expect(createPanelHeight({ drafts: false, joinChat: false, share: false, carousel: false })).toBe(12);
    expect(createPanelHeight({ drafts: true, joinChat: true, share: true, carousel: true })).toBe(33);
    expect(createPanelHeight({ drafts: false, joinChat: false, share: false, carousel: true })).toBe(20);
  });
});

describe('DeviceFrame', () => {
  it('sizes the builder frames', () => {
    renderWithStores(
      <>
        <DeviceFrame device="mobile">m</DeviceFrame>
        <DeviceFrame device="tablet">t</DeviceFrame>
      </>,
    );
    const [mobile, tablet] = screen.getAllByTestId('device-frame');
    expect(mobile).toHaveStyle({ width: '460px', height: '944px' });
    expect(tablet).toHaveStyle({ width: '768px' });
  });
});

describe('UserMenu', () => {
  beforeEach(stubResizeObserver);

  it('shows a member their badges, balances, links and the upsell', async () => {
    const root = createTestRoot('en');
    root.settings.settings = {
      credit_symbol: '✦',
      currencyPicked: 'CNY',
      currency: [{ code: 'CNY', symbol: '¥' }],
      level: { lv: [{ key: 'lv2', names: { en: 'Apprentice' } }], vip: [] },
      page_settings: { desktop: { header: { userList: [{ label: 'My wallet', url: '/account/wealth' }] } } },
    };
    root.auth.setViewer({
      id: 'u1',
      databaseId: '7205759403792793600',
      name: 'Ann',
      gqLevel: 'lv2',
      gqVIP: null,
      gqCredit: 30,
      gqMoney: '{"CNY":"12.5"}',
      gqNotification: 3,
      gqSlug: 'ann',
    });
    const user = userEvent.setup();
    renderWithStores(<UserMenu />, root, '/en');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ann')).toBeInTheDocument();
    expect(within(menu).getByText('Apprentice')).toBeInTheDocument();
    expect(within(menu).getByText('✦30')).toBeInTheDocument();
    expect(within(menu).getByText('¥12.50')).toBeInTheDocument();
    expect(within(menu).getByText('Become a member')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Notifications/ })).toHaveAttribute('href', '/en/account/notification');
    expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveAttribute(
      'href',
      '/en/profile/ann-7205759403792793600',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My wallet' })).toHaveAttribute('href', '/en/account/wealth');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows a guest the login button that opens the login dialog', async () => {
    const root = createTestRoot('es');
    const user = userEvent.setup();
    renderWithStores(<UserMenu />, root, '/es');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(root.ui.isOpen('login')).toBe(true);
  });
});
