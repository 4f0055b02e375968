import { waitFor } from '@testing-library/react';
import { SITE_CHANNEL } from '../api/socket';
import { chatViewer } from '../test/chat';
import { FakeSocket } from '../test/fakeSocket';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import { pageFocused, socketCredentials } from './RealtimeStore';

describe('RealtimeStore', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
  });

  it('opens the socket on login with the viewer token, and closes it on logout', () => {
    const root = createTestRoot('es');
    root.realtime.start();
    expect(FakeSocket.instances).toHaveLength(0);
    root.auth.setViewer(chatViewer());
    expect(FakeSocket.last.url).toBe(`ws://${window.location.host}/api/ws?lang=es`);
    FakeSocket.last.open();
    expect(FakeSocket.last.lastSent('connect')?.data).toEqual({ userId: '42', signature: 'sig-42', timestamp: '1795279125' });
    FakeSocket.last.receive('connect', { userId: '42' });
    expect(root.realtime.status).toBe('ready');
    root.auth.setViewer(chatViewer());
    expect(FakeSocket.instances).toHaveLength(1);
    root.auth.setViewer(null);
    expect(FakeSocket.last.closedWith).toBe(1000);
    expect(root.realtime.status).toBe('closed');
    root.realtime.stop();
  });

  it('fetches the viewer again when the server refuses the token, once per token', () => {
    const root = createTestRoot();
    const fetchViewer = vi.spyOn(root.auth, 'fetchViewer').mockResolvedValue();
    root.auth.setViewer(chatViewer());
    root.realtime.start();
    FakeSocket.last.open();
    FakeSocket.last.receive('error', { code: 'chat.error.badSignature', message: '', action: 'connect' });
    expect(fetchViewer).toHaveBeenCalledOnce();
    expect(root.realtime.status).toBe('closed');
    root.realtime.stop();
  });

  it('has no credentials for a guest or a viewer without a token', () => {
    const root = createTestRoot();
    expect(socketCredentials(null)).toBeNull();
    root.auth.setViewer({ ...chatViewer(), gqUserSocketToken: null });
    expect(socketCredentials(root.auth.viewer)).toBeNull();
  });

  it("opens a guest's socket when the browser is idle, watching the site channel, and again after a logout", () => {
    vi.useFakeTimers();
    try {
      const root = createTestRoot();
      root.realtime.start();
      expect(FakeSocket.instances).toHaveLength(0);
      vi.advanceTimersByTime(2000);
      expect(FakeSocket.instances).toHaveLength(1);
      FakeSocket.last.open();
      expect(root.realtime.status).toBe('ready');
      expect(FakeSocket.last.sent).toEqual([{ action: 'watch', data: { channel: SITE_CHANNEL } }]);

      root.auth.setViewer(chatViewer());
      expect(FakeSocket.instances[0].closedWith).toBe(1000);
      FakeSocket.last.accept();
      expect(FakeSocket.last.actions).toEqual(['connect', 'watch']);

      root.auth.setViewer(null);
      expect(root.realtime.status).toBe('closed');
      vi.advanceTimersByTime(2000);
      expect(FakeSocket.instances).toHaveLength(3);
      expect(root.realtime.socket.isGuest).toBe(true);
      root.realtime.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not open a guest's socket when a member signed in before the browser was idle", () => {
    vi.useFakeTimers();
    try {
      const root = createTestRoot();
      root.realtime.start();
      root.auth.setViewer(chatViewer());
      vi.advanceTimersByTime(2000);
      expect(FakeSocket.instances).toHaveLength(1);
      expect(root.realtime.socket.isGuest).toBe(false);
      root.realtime.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live layout', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
  });

  it('reloads the settings and the page on screen on a layout event, again while the reply is older', async () => {
    const served = { settings: 1, page: 1 };
    const blocksOf = (version: number) => ({ mobile: [], tablet: [], desktop: [{ id: `v${version}`, type: 'hero', props: {} }] });
    const calls = mockFetch(
      apiResponder({
        'utils.getSettings': () => json({ settings: { page_settings: { desktop: { header: { backgroundColor: `#00000${served.settings}` } } } }, layoutVersion: served.settings }),
        'auth.pageData': (data) =>
          json({ page: { lang: 'en', kind: data.path === '/en' ? 'home' : 'custom', name: '' }, blocks: blocksOf(served.page), layoutVersion: served.page }),
      }),
    );
    const root = createTestRoot('en');
    await root.settings.fetch();
    root.ui.setPath('/en');
    await Promise.all([root.pages.load('/en'), root.pages.load('/en/about')]);
    root.auth.setViewer(chatViewer());
    root.realtime.start();
    FakeSocket.last.accept();
    expect(FakeSocket.last.lastSent('watch')?.data).toEqual({ channel: SITE_CHANNEL });

    // The settings are caught up at once; the page's server is a step behind at first.
    served.settings = 2;
    const count = (action: string) => calls.filter((call) => call.body?.action === action).length;
    const pageCalls = count('auth.pageData');
    FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'layout', data: { version: 2 } });
    await waitFor(() => expect(root.settings.layoutVersion).toBe(2));
    expect(root.settings.forDevice('desktop').header?.backgroundColor).toBe('#000002');
    await waitFor(() => expect(count('auth.pageData')).toBe(pageCalls + 1));
    served.page = 2;
    await waitFor(() => expect(root.pages.get('/en')).toMatchObject({ status: 'ready', layoutVersion: 2, blocks: blocksOf(2) }), { timeout: 3000 });
    expect(count('auth.pageData')).toBe(pageCalls + 2);
    // The page not on screen is read again when it is next opened.
    expect(root.pages.get('/en/about')).toMatchObject({ layoutVersion: 1 });
    await root.pages.load('/en/about');
    expect(root.pages.get('/en/about')).toMatchObject({ layoutVersion: 2 });
    await root.pages.load('/en/about');
    expect(count('auth.pageData')).toBe(pageCalls + 3);

    // An event of a version already held changes nothing.
    FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'layout', data: { version: 2 } });
    FakeSocket.last.receive('live', { channel: 'feed', event: 'layout', data: { version: 9 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count('auth.pageData')).toBe(pageCalls + 3);
    expect(count('utils.getSettings')).toBe(2);
    root.realtime.stop();
  });

  it('asks once more for a page not found on screen (a page the new layout may add)', async () => {
    let published = false;
    mockFetch(
      apiResponder({
        'auth.pageData': () =>
          published
            ? json({ page: { lang: 'en', kind: 'custom', name: 'new' }, blocks: { mobile: [], tablet: [], desktop: [] }, layoutVersion: 2 })
            : json({ statusCode: 404, messages: ['Page Not Found: /en/new'] }, 404),
      }),
    );
    const root = createTestRoot('en');
    root.ui.setPath('/en/new');
    await root.pages.load('/en/new');
    expect(root.pages.get('/en/new')?.status).toBe('error');
    root.auth.setViewer(chatViewer());
    root.realtime.start();
    FakeSocket.last.accept();
    published = true;
    FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'layout', data: { version: 2 } });
    await waitFor(() => expect(root.pages.get('/en/new')).toMatchObject({ status: 'ready', layoutVersion: 2 }));
    root.realtime.stop();
  });
});

describe('live settings', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
  });

  it("reloads a guest's settings on a settings event, again while the reply is older, and not the pages", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let served = 3;
      const currencies = (version: number) =>
        version >= 4 ? [{ code: 'USD', symbol: '$' }, { code: 'GBP', symbol: '£' }] : [{ code: 'USD', symbol: '$' }];
      const calls = mockFetch(
        apiResponder({
          'utils.getSettings': () => json({ settings: { currency: currencies(served) }, layoutVersion: 1, settingsVersion: served }),
        }),
      );
      const count = (action: string) => calls.filter((call) => call.body?.action === action).length;
      const root = createTestRoot('en');
      await root.settings.fetch();
      expect(root.settings.settingsVersion).toBe(3);
      root.realtime.start();
      vi.advanceTimersByTime(2000);
      FakeSocket.last.open();

      FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'settings', data: { version: 4 } });
      await waitFor(() => expect(count('utils.getSettings')).toBe(2));
      expect(root.settings.currencies.map((c) => c.code)).toEqual(['USD']);
      served = 4;
      await vi.advanceTimersByTimeAsync(1500);
      await waitFor(() => expect(root.settings.settingsVersion).toBe(4));
      expect(root.settings.currencies.map((c) => c.code)).toEqual(['USD', 'GBP']);
      expect(count('auth.pageData')).toBe(0);

      // A version already held, or a malformed event, reads nothing.
      FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'settings', data: { version: 4 } });
      FakeSocket.last.receive('live', { channel: SITE_CHANNEL, event: 'settings', data: {} });
      await vi.advanceTimersByTimeAsync(50);
      expect(count('utils.getSettings')).toBe(3);
      root.realtime.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the server whether the page is focused: on focus changes, and again after every reconnect', () => {
    vi.useFakeTimers();
    let focused = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    try {
      const root = createTestRoot();
      root.auth.setViewer(chatViewer());
      root.realtime.start();
      FakeSocket.last.accept();
      expect(FakeSocket.last.sent.filter((f) => f.action === 'focus')).toEqual([{ action: 'focus', data: { focused: true } }]);

      focused = false;
      window.dispatchEvent(new Event('blur'));
      expect(FakeSocket.last.lastSent('focus')?.data).toEqual({ focused: false });
      window.dispatchEvent(new Event('blur'));
      expect(FakeSocket.last.actions.filter((a) => a === 'focus')).toHaveLength(2);
      focused = true;
      document.dispatchEvent(new Event('visibilitychange'));
      expect(FakeSocket.last.lastSent('focus')?.data).toEqual({ focused: true });

      FakeSocket.last.drop();
      vi.advanceTimersByTime(60_000);
      FakeSocket.last.accept();
      expect(FakeSocket.instances).toHaveLength(2);
      expect(FakeSocket.last.lastSent('focus')?.data).toEqual({ focused: true });

      root.realtime.stop();
      const sent = FakeSocket.last.sent.length;
      window.dispatchEvent(new Event('blur'));
      expect(FakeSocket.last.sent).toHaveLength(sent);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends no focus on a guest's socket, and an unfocused page sends none on connect", () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(document, 'hasFocus').mockReturnValue(true);
      const root = createTestRoot();
      root.realtime.start();
      vi.advanceTimersByTime(2000);
      FakeSocket.last.open();
      window.dispatchEvent(new Event('focus'));
      expect(FakeSocket.last.actions).not.toContain('focus');
      root.realtime.stop();

      vi.spyOn(document, 'hasFocus').mockReturnValue(false);
      const member = createTestRoot();
      member.auth.setViewer(chatViewer());
      member.realtime.start();
      FakeSocket.last.accept();
      expect(FakeSocket.last.actions).not.toContain('focus');
      member.realtime.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a page focused only when it is visible and has the focus', () => {
    expect(pageFocused({ visibilityState: 'visible', hasFocus: () => true })).toBe(true);
    expect(pageFocused({ visibilityState: 'hidden', hasFocus: () => true })).toBe(false);
    expect(pageFocused({ visibilityState: 'visible', hasFocus: () => false })).toBe(false);
  });
});
