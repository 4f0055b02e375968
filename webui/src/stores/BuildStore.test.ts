import { updateServiceWorker } from '../platform/serviceWorker';
import { createTestRoot, json, mockFetch } from '../test/stores';

vi.mock('../platform/serviceWorker', () => ({ updateServiceWorker: vi.fn(() => Promise.resolve()) }));

describe('BuildStore', () => {
  it('offers the new build and has the service worker update, so the reload is not the cached app', async () => {
    let latest = 'b1';
    mockFetch((call) => (call.url.startsWith('/builds/latest.json') ? json({ id: latest, timestamp: 1 }) : json({}, 404)));
    const root = createTestRoot('en', 'b1');
    await root.build.check();
    expect(root.build.hasNewBuild).toBe(false);
    expect(updateServiceWorker).not.toHaveBeenCalled();

    latest = 'b2';
    await root.build.check();
    expect(root.build.showNotice).toBe(true);
    expect(updateServiceWorker).toHaveBeenCalledOnce();
  });
});
