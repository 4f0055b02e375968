import { createTestRoot, json, mockFetch } from '../test/stores';
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

  it('shows the message of a thrown error', async () => {
    const root = createTestRoot();
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(root.client.request('x.y')).resolves.toBeNull();
    expect(root.toasts.toasts[0]).toMatchObject({ type: 'error', message: 'Failed to fetch' });
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
    const result = await root.client.call('auth.login', {});
    expect(result).toEqual({
      ok: false,
      error: { statusCode: 429, messages: ['Slow down'], codes: ['common.error.rateLimited'] },
    });
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
