import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { draftReply } from '../stores/builder/testData';
import { stubResizeObserver } from '../test/radix';
import { renderApp } from '../test/render';
import { apiResponder, json, mockFetch } from '../test/stores';
import { isBuilderPath } from './AppRoutes';

const settings = {
  settings: {
    currencyPicked: 'CNY',
    currency: [
      { code: 'CNY', symbol: '¥', symbol_iso: 'CNY', names: { 'zh-hans': '人民币', en: 'Yuan', es: 'Yuan' } },
      { code: 'USD', symbol: '$', symbol_iso: 'USD', names: { 'zh-hans': '美元', en: 'US dollar', es: 'Dólar' } },
    ],
    page_settings: {
      desktop: {
        header: {
          attrsPicked: ['logo', 'menu', 'search', 'darkMode', 'locale', 'user'],
          menus: [
            { label: { 'zh-hans': '文章', en: 'Articles', es: 'Artículos' }, url: '/article-archive/news-1' },
            { label: 'Shop', url: '/shop-archive/all-2', children: [{ label: 'Sale', url: '/shop-tag/sale-3' }] },
          ],
        },
        footer: { textHtmlLastRow: '<a href="/about">About</a><script>window.__pwned = 1</script>' },
      },
    },
  },
};

const currentLocation = () => screen.getByTestId('location').textContent;

describe('routes', () => {
  beforeEach(() => {
    stubResizeObserver();
    vi.stubGlobal('innerWidth', 1280);
  });

  it.each([
    ['/', '登录'],
    ['/en', 'Log in'],
    ['/es', 'Iniciar sesión'],
  ])('home %s shows the header in its language', async (path, login) => {
    mockFetch(apiResponder({ 'utils.getSettings': () => json(settings) }));
    renderApp(path);
    expect(await screen.findByRole('button', { name: login })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveStyle({ height: '60px' });
  });

  it('shows configured menus, sub-menus and attributes from the settings', async () => {
    mockFetch(apiResponder({ 'utils.getSettings': () => json(settings) }));
    const { root } = renderApp('/en');
    await act(() => root.settings.fetch());
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/en/article-archive/news-1');
    expect(within(nav).getByRole('button', { name: /Shop/ })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('link', { name: 'Get the app' })).toBeNull();
  });

  it('sanitizes the footer last row and prints the year', async () => {
    mockFetch(apiResponder({ 'utils.getSettings': () => json(settings) }));
    const { root } = renderApp('/en');
    await act(() => root.settings.fetch());
    const lastRow = screen.getByTestId('footer-last-row');
    expect(lastRow.innerHTML).toBe('<a href="/about">About</a>');
    expect(screen.getByTestId('copyright')).toHaveTextContent(`© ${new Date().getFullYear()} Souk`);
  });

  it('shows Page Not Found for a path that names no page', async () => {
    mockFetch(apiResponder({}));
    renderApp('/en/nowhere/at/all');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /en/nowhere/at/all')).toBeInTheDocument();
  });

  it('shows the server 404 of auth.pageData as Page Not Found', async () => {
    mockFetch(apiResponder({ 'auth.pageData': () => json({ statusCode: 404, messages: ['Page Not Found: /x'] }, 404) }));
    renderApp('/es/article/missing-9');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('shows Internal Server Error for other failures', async () => {
    mockFetch(apiResponder({ 'auth.pageData': () => new Response('oops', { status: 502 }) }));
    renderApp('/en/article/hello-42');
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
  });

  it('loads the article module for an article page', async () => {
    mockFetch(
      apiResponder({
        'auth.pageData': () =>
          json({ page: { lang: 'en', kind: 'article', view: 'single', slug: 'hello', id: '42', variant: '', name: '', title: 'Hello world', layout: 'default' }, modules: [] }),
      }),
    );
    renderApp('/en/article/hello-42');
    expect(await screen.findByRole('heading', { name: 'Hello world' })).toBeInTheDocument();
    expect(screen.getByText('This article has no content yet.')).toBeInTheDocument();
  });

  it("renders a custom page's blocks for the device, sanitized", async () => {
    mockFetch(
      apiResponder({
        'auth.pageData': () =>
          json({
            page: { lang: 'en', kind: 'custom', view: '', slug: '', id: '', variant: '', name: 'about', title: 'About us', layout: 'default' },
            blocks: {
              desktop: [{ id: 'a', type: 'text', props: { html: { en: '<p>Hello desk</p><img src="x" onerror="alert(1)">' } } }],
              tablet: [],
              mobile: [{ id: 'a', type: 'text', props: { html: { en: '<p>Hello phone</p>' } } }],
            },
            layoutVersion: 3,
          }),
      }),
    );
    renderApp('/en/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    // The sanitizer is its own chunk: the blocks show once it has loaded.
    expect(await screen.findByText('Hello desk')).toBeInTheDocument();
    expect(screen.queryByText('Hello phone')).toBeNull();
    expect(screen.getByTestId('block-text').querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('renders a docs page with the documents navigation, the current one marked', async () => {
    const calls = mockFetch(
      apiResponder({
        'auth.pageData': (data) =>
          data.path === '/en/docs/nope'
            ? json({ statusCode: 404, messages: ['Page Not Found: /en/docs/nope'] }, 404)
            : json({
                page: { lang: 'en', kind: 'docs', view: '', slug: '', id: '', variant: '', name: 'faq', title: 'FAQ', layout: 'docs' },
                blocks: { desktop: [{ id: 't', type: 'text', props: { html: { en: '<p>Answers</p>' } } }], tablet: [], mobile: [] },
                layoutVersion: 1,
                content: { nav: [{ slug: 'user-agreement', title: 'User agreement' }, { slug: 'faq', title: 'FAQ' }] },
              }),
      }),
    );
    renderApp('/en/docs/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    expect(await screen.findByText('Answers')).toBeInTheDocument();
    const nav = screen.getByTestId('docs-nav');
    expect(within(nav).getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', '/en/docs/user-agreement');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(calls.find((call) => call.body?.action === 'auth.pageData')?.body?.data).toEqual({ path: '/en/docs/faq' });
  });

  it('404s an unknown docs page', async () => {
    mockFetch(apiResponder({ 'auth.pageData': () => json({ statusCode: 404, messages: ['Page Not Found: /en/docs/nope'] }, 404) }));
    renderApp('/en/docs/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it.each([
    ['/en/account', 'My account'],
    ['/en/account/notification', 'Notifications'],
    ['/en/account/ticket', 'Tickets'],
    ['/en/account/wealth', 'Wallet'],
    ['/en/account/membership', 'Membership'],
    ['/en/cart', 'Shopping cart'],
    ['/en/community', 'Community'],
    ['/en/notify', 'Notice'],
    ['/en/authorize', 'Authorization'],
    ['/en/create', 'Create'],
    ['/cart', '购物车'],
    ['/es/cart', 'Carrito de compra'],
  ])('%s renders its translated frame', async (path, title) => {
    mockFetch(apiResponder({}));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('404s an unknown account page', async () => {
    mockFetch(apiResponder({}));
    renderApp('/en/account/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('switches language from the popover: cookie and URL prefix', async () => {
    mockFetch(apiResponder({ 'utils.getSettings': () => json(settings) }));
    const user = userEvent.setup();
    renderApp('/en/cart?x=1');
    await user.click(await screen.findByTestId('locale-trigger'));
    await user.click(await screen.findByRole('button', { name: /Español/ }));
    await waitFor(() => expect(currentLocation()).toBe('/es/cart?x=1'));
    expect(document.cookie).toContain('i18n_redirected=es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrito de compra' })).toBeInTheDocument();
  });

  it('auto-logs in from ?token= and removes it; stores ?ref=', async () => {
    const calls = mockFetch(apiResponder({}));
    renderApp('/en/cart?token=t0k&ref=friend');
    await waitFor(() => expect(currentLocation()).toBe('/en/cart?ref=friend'));
    await waitFor(() => expect(calls.some((c) => c.body?.action === 'mutates.autoLogin')).toBe(true));
    expect(calls.find((c) => c.body?.action === 'mutates.autoLogin')?.body?.data).toEqual({ token: 't0k' });
    expect(localStorage.getItem('ref')).toBe('friend');
    expect(await screen.findByText('Unknown action: mutates.autoLogin')).toBeInTheDocument();
  });

  it('opens the search overlay with its empty state and closes it on navigation', async () => {
    mockFetch(apiResponder({}));
    const user = userEvent.setup();
    renderApp('/en');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search results' });
    expect(within(dialog).getByText('Please enter a keyword')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cycles the colour mode from the header toggle', async () => {
    mockFetch(apiResponder({}));
    const user = userEvent.setup();
    renderApp('/en');
    const toggle = await screen.findByTestId('color-mode-toggle');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('data-mode', 'dark');
    expect(await screen.findByText('Colour mode: Dark')).toBeInTheDocument();
  });

  it('shows the side toolbar on desktop and the tab bar on mobile', async () => {
    mockFetch(apiResponder({}));
    renderApp('/en');
    expect(await screen.findByTestId('side-toolbar')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it('blocks the builder without canBuilder and does not fetch the viewer for a guest', async () => {
    const calls = mockFetch(apiResponder({}));
    renderApp('/en/builder');
    expect(await screen.findByText("You don't have permission to use the page builder.")).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(calls.some((c) => c.body?.action === 'auth.viewer')).toBe(false);
  });

  it('shows the device frames to a member who may build', async () => {
    document.cookie = `authTokenExpiration=${Math.floor(Date.now() / 1000) + 600}; path=/`;
    mockFetch(
      apiResponder({
        'auth.viewer': () => json({ viewer: { id: '1', databaseId: '1', name: 'Ada', gqRoles: { canBuilder: true } } }),
        'builder.draft': () => json(draftReply()),
      }),
    );
    const user = userEvent.setup();
    renderApp('/en/builder');
    const frame = await screen.findByTestId('device-frame');
    expect(frame).toHaveAttribute('data-device', 'desktop');
    expect(within(frame).getByRole('banner')).toHaveStyle({ height: '60px' });
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    expect(screen.getByTestId('device-frame')).toHaveStyle({ width: '460px', height: '944px' });
    expect(within(screen.getByTestId('device-frame')).getByRole('banner')).toHaveStyle({ height: '87px' });
  });

  it('knows the builder paths', () => {
    expect(isBuilderPath('/builder')).toBe(true);
    expect(isBuilderPath('/es/builder/')).toBe(true);
    expect(isBuilderPath('/builders')).toBe(false);
  });
});

describe('mobile', () => {
  beforeEach(stubResizeObserver);

  it('shows the tab bar and opens the create panel with its computed height', async () => {
    vi.stubGlobal('innerWidth', 390);
    mockFetch(
      apiResponder({
        'utils.getSettings': () =>
          json({
            settings: {
              page_settings: {
                mobile: {
                  footer: {
                    createMenu: {
                      joinChat: true,
                      showShare: true,
                      menus: [{ label: { en: 'Topic' }, url: '/create' }],
                    },
                  },
                },
              },
            },
          }),
      }),
    );
    const user = userEvent.setup();
    const { root } = renderApp('/en');
    await act(() => root.settings.fetch());
    const tabs = await screen.findByTestId('tab-bar');
    expect(screen.getByRole('banner')).toHaveStyle({ height: '87px' });
    expect(screen.queryByTestId('side-toolbar')).toBeNull();
    await user.click(within(tabs).getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create' });
    expect(dialog).toHaveStyle({ height: '22rem' });
    expect(within(dialog).getByText('Join the chat')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Topic' })).toHaveAttribute('href', '/en/create');
  });
});
