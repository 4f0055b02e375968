import { json, mockFetch } from '../test/stores';
import { loadMessages, MESSAGES_TTL_MS } from './messages';

describe('loadMessages', () => {
  it('fetches /_i18n/{lang}/messages.json and caches it for the build for 24 hours', async () => {
    const calls = mockFetch(() => json({ common: { close: 'Close' } }));
    const now = 1_000_000;
    await expect(loadMessages('en', 'b1', now)).resolves.toEqual({ common: { close: 'Close' } });
    await loadMessages('en', 'b1', now + MESSAGES_TTL_MS - 1);
    expect(calls.map((c) => c.url)).toEqual(['/_i18n/en/messages.json?v=b1']);
    await loadMessages('en', 'b1', now + MESSAGES_TTL_MS);
    await loadMessages('en', 'b2', now + MESSAGES_TTL_MS);
    expect(calls).toHaveLength(3);
  });

  it('warns and falls back to the cached copy when loading fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => json({ a: 'cached' }));
    await loadMessages('es', 'old', 0);
    mockFetch(() => new Response('', { status: 503 }));
    await expect(loadMessages('es', 'new', 1)).resolves.toEqual({ a: 'cached' });
    expect(warn).toHaveBeenCalled();
  });
});
