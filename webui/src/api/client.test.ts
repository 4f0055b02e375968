import { createTestRoot, json, mockFetch } from '../test/stores';
import { DEFAULT_RETRY_MS, isUnavailable, retryDelayMs, type ActionOutput } from './client';
import { RETRY_STATUSES, fetchJSON } from './fetchJSON';

describe('RequestClient', () => {
  it('adds the envelope and a stable visitor id', async () => {
    const root = createTestRoot('es');
    root.ui.setPath('/es/cart');
    root.ui.detectDevice(500);
    const calls = mockFetch(() => json({ settings: {} }));
    await root.client.request('utils.getSettings', { lang: 'es' });
    await root.client.request('auth.viewer');
    const [first, second] = calls;
    expect(first.url).toBe('/api/request');
    expect(first.init.method).toBe('POST');
    expect(first.body).toMatchObject({
      action: 'utils.getSettings',
      data: { lang: 'es' },
      path: '/es/cart',
      device: 'mobile',
      currency: 'EUR',
      lang: 'es',
    });
    expect(first.body?.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(second.body?.visitorId).toBe(first.body?.visitorId);
    expect(first.body).not.toHaveProperty('authToken');
  });

  it('shows every message of an error reply as an error toast and yields null', async () => {
    const root = createTestRoot();
    mockFetch(() => json({ statusCode: 400, messages: ['first', 'second'] }, 400));
    await expect(root.client.request('x.y')).resolves.toBeNull();
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toEqual([
      ['error', 'first'],
      ['error', 'second'],
    ]);
  });

  it('shows a translated network error when fetch throws, never the browser’s own words', async () => {
    const root = createTestRoot();
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(root.client.request('x.y')).resolves.toBeNull();
    expect(root.toasts.toasts[0]).toMatchObject({ type: 'error', message: 'Network error, please check your connection' });
  });

  it('names the status when a failure has no JSON body', async () => {
    const root = createTestRoot();
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await root.client.request('x.y');
    expect(root.toasts.toasts[0].message).toBe('Request failed with status 502');
  });

  it('does not retry /api/request (it has a body)', async () => {
    const root = createTestRoot();
    const calls = mockFetch(() => json({ statusCode: 503, messages: ['busy'] }, 503));
    await root.client.request('x.y');
    expect(calls).toHaveLength(1);
  });

  it('keeps the codes of an error reply', async () => {
    const root = createTestRoot();
    mockFetch(() => json({ statusCode: 429, messages: ['Slow down'], codes: ['common.error.rateLimited'] }, 429));
    const result = await root.client.call('auth.login', { provider: 'PASSWORD', username: 'a@souk.dev', password: 'secret' });
    expect(result).toEqual({
      ok: false,
      error: { statusCode: 429, messages: ['Slow down'], codes: ['common.error.rateLimited'] },
    });
  });

  it('is typed by the wire types generated from the registry', async () => {
    const root = createTestRoot();
    mockFetch(() => json({ followStats: { userId: '7', followers: 1 } }));
    const reply = await root.client.request('profile.followStats', { userId: '7' });
    expectTypeOf(reply).toEqualTypeOf<ActionOutput<'profile.followStats'> | null>();
    expect(reply?.followStats.followers).toBe(1);
    // @ts-expect-error userId is required
    await root.client.request('profile.followStats', {});
    // @ts-expect-error a registered action without a type argument takes its typed form
    await root.client.request('profile.followStats', { userId: 7 });
    const handTyped = await root.client.request<{ followStats: { followers: number } }>('profile.followStats', { userId: 7 });
    expectTypeOf(handTyped).toEqualTypeOf<{ followStats: { followers: number } } | null>();
  });

  it('call returns the error without showing it', async () => {
    const root = createTestRoot();
    mockFetch(() => json({ statusCode: 404, messages: ['Page Not Found: /x'] }, 404));
    const result = await root.client.call('auth.pageData', { path: '/x' });
    expect(result).toEqual({ ok: false, error: { statusCode: 404, messages: ['Page Not Found: /x'], codes: [] } });
    expect(root.toasts.toasts).toHaveLength(0);
  });

  it('refreshes an expired token once for concurrent calls and then sends it', async () => {
    const root = createTestRoot();
    document.cookie = `authTokenExpiration=${Math.floor(Date.now() / 1000) - 5}; path=/`;
    const calls = mockFetch((call) => {
      if (call.url === '/api/auth/refresh') {
        document.cookie = `authTokenExpiration=${Math.floor(Date.now() / 1000) + 600}; path=/`;
        return json({ refresh: { authToken: 'fresh', authTokenExpiration: Math.floor(Date.now() / 1000) + 600 } });
      }
      return json({ ok: true });
    });
    await Promise.all([root.client.request('a.b'), root.client.request('c.d')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    const requests = calls.filter((c) => c.url === '/api/request');
    expect(requests.map((c) => c.body?.authToken)).toEqual(['fresh', 'fresh']);
  });

  it('logs out and opens the login dialog when the refresh fails', async () => {
    const root = createTestRoot();
    root.auth.setViewer({ id: '1', databaseId: '1', name: 'Ann' });
    document.cookie = `authTokenExpiration=${Math.floor(Date.now() / 1000) - 5}; path=/`;
    mockFetch((call) =>
      call.url === '/api/auth/refresh' ? json({ statusCode: 401, messages: ['expired'] }, 401) : json({}),
    );
    await root.client.request('a.b');
    expect(root.auth.viewer).toBeNull();
    expect(root.ui.isOpen('login')).toBe(true);
    expect(root.toasts.toasts.map((t) => t.message)).toContain('expired');
  });
});

describe('RequestClient when the server is away', () => {
  it('carries the retry hint of a 503: the body’s retryAfterMs, else the Retry-After header', async () => {
    const root = createTestRoot();
    mockFetch(
      () =>
        new Response(JSON.stringify({ statusCode: 503, messages: ['unavailable'], codes: ['common.error.unavailable'] }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        }),
    );
    const result = await root.client.call('auth.viewer');
    expect(result).toEqual({
      ok: false,
      error: { statusCode: 503, messages: ['unavailable'], codes: ['common.error.unavailable'], retryAfterMs: 2_000 },
    });
    expect(!result.ok && isUnavailable(result.error)).toBe(true);

    mockFetch(() => json({ statusCode: 503, messages: ['unavailable'], retryAfterMs: 1_500 }, 503));
    const second = await root.client.call('auth.viewer');
    expect(!second.ok && second.error.retryAfterMs).toBe(1_500);
  });

  it('tells the server’s failures from refusals and backs off from the hint', () => {
    expect(isUnavailable({ statusCode: 503, messages: [] })).toBe(true);
    expect(isUnavailable({ statusCode: 500, messages: [] })).toBe(true);
    expect(isUnavailable({ statusCode: 0, messages: [] })).toBe(true);
    expect(isUnavailable({ statusCode: 401, messages: [] })).toBe(false);
    expect(isUnavailable({ statusCode: 429, messages: [] })).toBe(false);
    expect(retryDelayMs({ statusCode: 503, messages: [], retryAfterMs: 1_500 })).toBe(1_500);
    expect(retryDelayMs({ statusCode: 503, messages: [], retryAfterMs: 1_500 }, 2)).toBe(6_000);
    expect(retryDelayMs({ statusCode: 0, messages: [] })).toBe(DEFAULT_RETRY_MS);
    expect(retryDelayMs({ statusCode: 503, messages: [] }, 40)).toBe(30_000);
  });

  it('keeps the token and does not sign out when the refresh cannot be answered', async () => {
    const root = createTestRoot();
    root.auth.setViewer({ id: '1', databaseId: '1', name: 'Ann' });
    root.client.authToken = 'held';
    document.cookie = `authTokenExpiration=${Math.floor(Date.now() / 1000) - 5}; path=/`;
    mockFetch((call) => {
      if (call.url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json({});
    });
    expect(await root.client.refreshIfExpired()).toBe(false);
    expect(root.client.refreshUnavailable?.statusCode).toBe(0);
    expect(root.client.authToken).toBe('held');
    expect(root.auth.viewer).not.toBeNull();
    expect(root.ui.isOpen('login')).toBe(false);
  });
});

describe('RequestClient.post', () => {
  it('POSTs without a body and returns a refusal with its codes', async () => {
    const root = createTestRoot('en');
    const calls = mockFetch(() =>
      json({ statusCode: 403, messages: ['This request did not come from this site and was refused'], codes: ['common.error.crossSite'] }, 403),
    );
    const result = await root.client.post('/api/auth/logout', { refresh: false });
    expect(calls[0].url).toBe('/api/auth/logout');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBeUndefined();
    expect(result).toMatchObject({ ok: false, error: { statusCode: 403, codes: ['common.error.crossSite'] } });
  });
});

describe('fetchJSON', () => {
  it.each([...RETRY_STATUSES])('retries a request without a body once on %i', async (status) => {
    const calls = mockFetch(() => json({}, status));
    const result = await fetchJSON('/builds/latest.json');
    expect(calls).toHaveLength(2);
    expect(result.status).toBe(status);
  });

  it('succeeds on the retry', async () => {
    let n = 0;
    mockFetch(() => (n++ === 0 ? json({}, 503) : json({ id: 'b' })));
    await expect(fetchJSON('/builds/latest.json')).resolves.toMatchObject({ ok: true, body: { id: 'b' } });
  });

  it('does not retry other statuses or requests with a body', async () => {
    const calls = mockFetch(() => json({}, 404));
    await fetchJSON('/x');
    await fetchJSON('/y', { method: 'POST', body: '{}' });
    expect(calls).toHaveLength(2);
  });
});
