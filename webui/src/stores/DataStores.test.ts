import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';

describe('SettingsStore', () => {
  it('fetches the settings with the language and currency, sharing concurrent calls', async () => {
    const calls = mockFetch(
      apiResponder({ 'utils.getSettings': () => json({ settings: { currencyPicked: 'USD', credit_symbol: '✦' } }) }),
    );
    const root = createTestRoot('en');
    await Promise.all([root.settings.fetch(), root.settings.fetch()]);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ action: 'utils.getSettings', data: { lang: 'en' } });
    expect(root.settings.settings?.credit_symbol).toBe('✦');
    expect(root.locale.currency).toBe('USD');
  });

  it('falls back to the three languages when the settings list none', () => {
    const root = createTestRoot();
    expect(root.settings.languages.map((l) => l.code)).toEqual(['zh-hans', 'en', 'es']);
  });

  it('injects the analytics snippet once', async () => {
    mockFetch(
      apiResponder({
        'utils.getSettings': () => json({ settings: { analytics: '<script>window.__soukAnalytics = 1</script>' } }),
      }),
    );
    const root = createTestRoot();
    await root.settings.fetch();
    await root.settings.fetch();
    expect(document.head.querySelectorAll('script[data-analytics]')).toHaveLength(1);
    document.head.querySelectorAll('script[data-analytics]').forEach((s) => s.remove());
  });
});

describe('LocaleStore', () => {
  it('uses a picked currency and asks for settings in it', async () => {
    const calls = mockFetch(apiResponder({}));
    const root = createTestRoot('zh-hans');
    expect(root.locale.currency).toBe('CNY');
    await root.locale.setCurrency('EUR');
    expect(root.locale.currency).toBe('EUR');
    expect(localStorage.getItem('currency')).toBe('EUR');
    expect(calls.at(-1)?.body).toMatchObject({ currency: 'EUR', data: { currency: 'EUR' } });
  });

  it("follows the language's currency until one is picked", () => {
    const root = createTestRoot('es');
    root.settings.settings = {
      currencyPicked: 'USD',
      languages: [
        { code: 'en', name: 'en-US', currency: 'USD' },
        { code: 'es', name: 'es-ES', currency: 'EUR' },
      ],
    };
    expect(root.locale.currency).toBe('EUR');
    root.locale.pickedCurrency = 'CNY';
    expect(root.locale.currency).toBe('CNY');
  });

  it('switches language: i18n, <html lang> and settings', async () => {
    const calls = mockFetch(apiResponder({}));
    const root = createTestRoot('zh-hans');
    await root.locale.setLang('es');
    expect(root.i18n.language).toBe('es');
    expect(root.t('common.header.login')).toBe('Iniciar sesión');
    expect(document.documentElement.lang).toBe('es');
    expect(calls.at(-1)?.body).toMatchObject({ action: 'utils.getSettings', lang: 'es' });
  });

  it('remembers the choice in the i18n_redirected cookie', () => {
    createTestRoot().locale.rememberLang('en');
    expect(document.cookie).toContain('i18n_redirected=en');
  });
});

describe('AuthStore', () => {
  it('does not fetch the viewer without a session cookie', async () => {
    const calls = mockFetch(apiResponder({}));
    const root = createTestRoot();
    await root.auth.fetchViewer();
    expect(calls).toHaveLength(0);
    expect(root.auth.isLoaded).toBe(true);
    expect(root.auth.viewer).toBeNull();
  });

  it('fetches the viewer when the expiry cookie exists', async () => {
    document.cookie = `authTokenExpiration=${Math.floor(Date.now() / 1000) + 600}; path=/`;
    mockFetch(
      apiResponder({
        'auth.viewer': () =>
          json({ viewer: { id: 'dXNlcjox', databaseId: '7205759403792793600', name: 'Ann', gqMoney: '{"CNY":"12.5"}' } }),
      }),
    );
    const root = createTestRoot();
    await root.auth.fetchViewer();
    expect(root.auth.viewer?.name).toBe('Ann');
    expect(root.auth.viewer?.data.databaseId).toBe('7205759403792793600');
    expect(root.auth.viewer?.money).toEqual({ CNY: 12.5 });
  });

  it('auto-logs in with a token', async () => {
    mockFetch(apiResponder({ 'mutates.autoLogin': () => json({ gqAutoLogin: { user: { id: '1', databaseId: '1', name: 'Bo' } } }) }));
    const root = createTestRoot();
    await root.auth.autoLogin('abc');
    expect(root.auth.viewer?.name).toBe('Bo');
  });

  it('shows the error of a failed auto-login', async () => {
    mockFetch(apiResponder({}));
    const root = createTestRoot();
    await root.auth.autoLogin('abc');
    expect(root.auth.viewer).toBeNull();
    expect(root.toasts.toasts[0]).toMatchObject({ type: 'error', message: 'Unknown action: mutates.autoLogin' });
  });
});

describe('PagesStore', () => {
  it("keeps the page's blocks and layout version, sharing concurrent loads", async () => {
    const blocks = { mobile: [], tablet: [], desktop: [{ id: 'h', type: 'hero', props: {} }] };
    const calls = mockFetch(
      apiResponder({
        'auth.pageData': () => json({ page: { kind: 'article', view: 'single', id: '42', slug: 'hi', title: 'Hi' }, blocks, layoutVersion: 4 }),
      }),
    );
    const root = createTestRoot();
    await Promise.all([root.pages.load('/article/hi-42'), root.pages.load('/article/hi-42')]);
    expect(calls).toHaveLength(1);
    expect(calls[0].body?.data).toEqual({ path: '/article/hi-42' });
    expect(root.pages.get('/article/hi-42')).toMatchObject({ status: 'ready', blocks, layoutVersion: 4 });
  });

  it('keeps a 404 as an error state without a toast', async () => {
    mockFetch(apiResponder({ 'auth.pageData': () => json({ statusCode: 404, messages: ['Page Not Found: /x'] }, 404) }));
    const root = createTestRoot();
    await root.pages.load('/x-1');
    expect(root.pages.get('/x-1')).toEqual({
      status: 'error',
      error: { statusCode: 404, messages: ['Page Not Found: /x'], codes: [] },
    });
    expect(root.toasts.toasts).toHaveLength(0);
  });

  it('keeps the member of a profile page', async () => {
    const member = {
      id: '7',
      databaseId: '7',
      name: 'Ann',
      gqSlug: 'ann',
      avatar: { url: 'https://cdn.example/ann.png' },
      description: 'hello',
      createdAt: 1,
    };
    mockFetch(apiResponder({ 'auth.pageData': () => json({ page: { kind: 'profile', id: '7', slug: 'ann' }, profile: member }) }));
    const root = createTestRoot();
    await root.pages.load('/profile/ann-7');
    expect(root.pages.get('/profile/ann-7')).toMatchObject({ status: 'ready', profile: member });
  });
});

describe('BuildStore', () => {
  it('offers a reload when a newer build is deployed', async () => {
    mockFetch(() => json({ id: 'next', timestamp: 2 }));
    const root = createTestRoot('en', 'current');
    await root.build.check();
    expect(root.build.hasNewBuild).toBe(true);
    expect(root.build.showNotice).toBe(true);
    root.build.dismiss();
    expect(root.build.showNotice).toBe(false);
  });

  it('stays quiet on the same build and on a failed manifest', async () => {
    mockFetch(() => json({ id: 'current' }));
    const root = createTestRoot('en', 'current');
    await root.build.check();
    expect(root.build.hasNewBuild).toBe(false);
    mockFetch(() => {
      throw new TypeError('offline');
    });
    await root.build.check();
    expect(root.build.hasNewBuild).toBe(false);
  });
});
