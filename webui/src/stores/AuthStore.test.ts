import { type FetchCall, createTestRoot, json, mockFetch } from '../test/stores';
import { MORE_INFORMATION_KEY } from './AuthStore';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const setExpiry = (seconds: number) => {
  document.cookie = `authTokenExpiration=${seconds}; path=/`;
};
const member = { id: '7', databaseId: '7', name: 'Ann', gqSlug: 'ann' };

/** The server: refresh moves the expiry on (or fails), every action answers {}. */
function server({ refreshFails = false } = {}) {
  return mockFetch((call: FetchCall) => {
    if (call.url === '/api/auth/refresh') {
      if (refreshFails) return json({ statusCode: 401, messages: ['Your session has expired, please log in again'] }, 401);
      setExpiry(nowSeconds() + 900);
      return json({ refresh: { authToken: 'fresh', authTokenExpiration: nowSeconds() + 900 } });
    }
    if (call.url === '/api/auth/logout') return json({ logout: { success: true } });
    if (call.body?.action === 'auth.pageData') return json({ page: { kind: 'article', view: 'single', id: '1' }, modules: [] });
    return json({});
  });
}

const refreshes = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/auth/refresh');

describe('AuthStore token refresh', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('refreshes when the expiry is reached, then watches the new expiry', async () => {
    const calls = server();
    const root = createTestRoot();
    root.auth.setViewer(member);
    setExpiry(nowSeconds() + 30);
    root.auth.scheduleRefresh();

    await vi.advanceTimersByTimeAsync(29_000);
    expect(refreshes(calls)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes(calls)).toHaveLength(1);
    expect(root.client.authToken).toBe('fresh');

    await vi.advanceTimersByTimeAsync(900_000);
    expect(refreshes(calls)).toHaveLength(2);
    root.auth.stop();
  });

  it('shares one refresh between the timer and concurrent requests', async () => {
    const calls = server();
    const root = createTestRoot();
    root.auth.setViewer(member);
    setExpiry(nowSeconds() + 5);
    root.auth.scheduleRefresh();
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([root.client.request('a.b'), root.client.request('c.d'), root.client.refreshIfExpired()]);
    expect(refreshes(calls)).toHaveLength(1);
    const requests = calls.filter((c) => c.url === '/api/request');
    expect(requests.map((c) => c.body?.authToken)).toEqual(['fresh', 'fresh']);
    root.auth.stop();
  });

  it('on failure shows why, logs out, reloads the login data and opens the login box', async () => {
    const calls = server({ refreshFails: true });
    const root = createTestRoot();
    root.auth.setViewer(member);
    root.pages.byPath.set('/article/a-1', { status: 'loading' });
    setExpiry(nowSeconds() + 1);
    root.auth.scheduleRefresh();
    await vi.advanceTimersByTimeAsync(1_000);

    expect(refreshes(calls)).toHaveLength(1);
    expect(root.auth.viewer).toBeNull();
    expect(root.client.authToken).toBeNull();
    expect(root.ui.isOpen('login')).toBe(true);
    expect(root.loginBox.action).toBe('login');
    expect(root.toasts.toasts.map((t) => t.message)).toContain('Your session has expired, please log in again');
    expect(calls.some((c) => c.body?.action === 'auth.pageData')).toBe(true);
    expect(document.cookie).not.toContain('authTokenExpiration');

    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refreshes(calls)).toHaveLength(1);
  });
});

describe('AuthStore', () => {
  it('logs out: POST /api/auth/logout, no viewer, page data reloaded', async () => {
    const calls = server();
    const root = createTestRoot();
    root.auth.setViewer(member);
    root.pages.byPath.set('/article/a-1', { status: 'loading' });
    await root.auth.logout();
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout' });
    expect(calls[0].init.method).toBe('POST');
    expect(root.auth.viewer).toBeNull();
    expect(calls.filter((c) => c.body?.action === 'auth.pageData')).toHaveLength(1);
  });

  it('logs out locally when the server cannot be reached, with a translated message only', async () => {
    mockFetch((call: FetchCall) => {
      if (call.url === '/api/auth/logout') throw new TypeError('Failed to fetch');
      return json({});
    });
    const root = createTestRoot('es');
    root.auth.setViewer(member);
    await root.auth.logout();
    expect(root.auth.viewer).toBeNull();
    expect(root.toasts.toasts.map((t) => t.message)).toEqual([root.t('common.error.network')]);
    expect(root.toasts.toasts[0].message).not.toContain('Failed to fetch');
  });

  it('requireLogin lets members through and shows guests the login box without a call', () => {
    const calls = server();
    const root = createTestRoot();
    expect(root.auth.requireLogin()).toBe(false);
    expect(root.ui.isOpen('login')).toBe(true);
    expect(calls).toHaveLength(0);
    root.ui.close();
    root.auth.setViewer(member);
    expect(root.auth.requireLogin()).toBe(true);
    expect(root.ui.isOpen('login')).toBe(false);
  });

  it('keeps the more-information dialog until it is saved, then clears the local flag', async () => {
    const calls = mockFetch((call) =>
      json({
        updateUser: {
          user: { id: '7', databaseId: '7', name: String(call.body?.data && (call.body.data as { name: string }).name), profile: { location: 'Lisbon' } },
        },
      }),
    );
    const root = createTestRoot();
    root.auth.setViewer({ ...member, gqRoles: { hasInfomation: false, showClose: false } });
    root.auth.requestMoreInformation();
    expect(localStorage.getItem(MORE_INFORMATION_KEY)).toBe('1');
    expect(root.auth.showMoreInformation).toBe(true);

    root.auth.closeMoreInformation();
    expect(root.auth.showMoreInformation).toBe(true);

    const fields = { name: 'Ann E.', description: '', gender: 'female', birthday: '', location: 'Lisbon', website: '' };
    await expect(root.auth.saveMoreInformation(fields)).resolves.toBe(true);
    expect(calls[0].body).toMatchObject({ action: 'updateUser', data: fields });
    expect(root.auth.viewer?.name).toBe('Ann E.');
    expect(root.auth.viewer?.data.profile?.location).toBe('Lisbon');
    expect(root.auth.viewer?.canCloseMoreInformation).toBe(true);
    expect(root.auth.showMoreInformation).toBe(false);
    expect(localStorage.getItem(MORE_INFORMATION_KEY)).toBeNull();
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'success', message: 'Your profile has been saved' });
  });

  it('keeps the dialog open and the flag set when saving fails', async () => {
    mockFetch(() => json({ statusCode: 400, messages: ['The name must be 1 to 40 characters'] }, 400));
    const root = createTestRoot();
    root.auth.setViewer(member);
    root.auth.requestMoreInformation();
    await expect(root.auth.saveMoreInformation({ name: '', description: '', gender: '', birthday: '', location: '', website: '' })).resolves.toBe(false);
    expect(root.auth.showMoreInformation).toBe(true);
    expect(localStorage.getItem(MORE_INFORMATION_KEY)).toBe('1');
    expect(root.toasts.toasts.at(-1)).toMatchObject({ type: 'error', message: 'The name must be 1 to 40 characters' });
  });

  it('finishes a social login and returns to the path the server remembered', async () => {
    const calls = mockFetch(() => json({ socialLogin: { user: member, redirect: '/en/community' } }));
    const root = createTestRoot();
    await expect(root.auth.socialCallback({ code: 'c', state: 's' })).resolves.toBe('/en/community');
    expect(calls[0].body).toMatchObject({ action: 'auth.socialCallback', data: { code: 'c', state: 's' } });
    expect(root.auth.viewer?.name).toBe('Ann');
  });
});

describe('AuthStore while the server is away', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  const unavailable = (retryAfterMs: number) =>
    new Response(
      JSON.stringify({ statusCode: 503, messages: ['unavailable'], codes: ['common.error.unavailable'], retryAfterMs }),
      { status: 503, headers: { 'content-type': 'application/json', 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } },
    );

  it('keeps the member signed in when auth.viewer answers 503, and reads it again after retryAfterMs', async () => {
    let outage = true;
    const calls = mockFetch((call: FetchCall) => {
      if (call.body?.action === 'auth.viewer') return outage ? unavailable(2_000) : json({ viewer: { ...member, name: 'Ann B.' } });
      return json({});
    });
    const root = createTestRoot();
    root.auth.setViewer(member);
    setExpiry(nowSeconds() + 900);
    await root.auth.fetchViewer();
    const viewerCalls = () => calls.filter((c) => c.body?.action === 'auth.viewer').length;

    expect(root.auth.viewer?.data.databaseId).toBe('7');
    expect(root.auth.isLoaded).toBe(true);
    expect(root.ui.isOpen('login')).toBe(false);
    expect(viewerCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(viewerCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(viewerCalls()).toBe(2);
    expect(root.auth.viewer?.data.databaseId).toBe('7');

    outage = false;
    await vi.advanceTimersByTimeAsync(4_000); // the second wait doubles
    expect(viewerCalls()).toBe(3);
    expect(root.auth.viewer?.data.name).toBe('Ann B.');
    root.auth.stop();
  });

  it('keeps the session when the refresh answers 503, and refreshes after retryAfterMs', async () => {
    let outage = true;
    const calls = mockFetch((call: FetchCall) => {
      if (call.url === '/api/auth/refresh') {
        if (outage) return unavailable(3_000);
        setExpiry(nowSeconds() + 900);
        return json({ refresh: { authToken: 'fresh', authTokenExpiration: nowSeconds() + 900 } });
      }
      return json({});
    });
    const root = createTestRoot();
    root.auth.setViewer(member);
    root.client.authToken = 'held';
    setExpiry(nowSeconds() + 1);
    root.auth.scheduleRefresh();
    await vi.advanceTimersByTimeAsync(1_000);

    const tried = refreshes(calls).length;
    expect(tried).toBeGreaterThan(0);
    expect(root.auth.viewer).not.toBeNull();
    expect(root.client.authToken).toBe('held');
    expect(root.ui.isOpen('login')).toBe(false);
    expect(root.toasts.toasts).toHaveLength(0);

    outage = false;
    // The refresh failed within the first second; the next one waits the 3 s asked for.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(refreshes(calls)).toHaveLength(tried);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshes(calls)).toHaveLength(tried + 1);
    expect(root.client.authToken).toBe('fresh');
    expect(root.auth.viewer).not.toBeNull();
    root.auth.stop();
  });

  it('still signs out when the refresh is refused (401)', async () => {
    server({ refreshFails: true });
    const root = createTestRoot();
    root.auth.setViewer(member);
    setExpiry(nowSeconds() + 1);
    root.auth.scheduleRefresh();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(root.auth.viewer).toBeNull();
    expect(root.client.refreshUnavailable).toBeNull();
  });
});
