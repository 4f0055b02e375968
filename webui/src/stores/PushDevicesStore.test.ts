import { base64UrlToBytes } from '../platform/push';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import { PushDevicesStore } from './PushDevicesStore';

describe('PushDevicesStore', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says clearly when no service worker comes, after asking the permission only on the switch', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: new Promise(() => {}), getRegistration: async () => undefined },
      configurable: true,
    });
    mockFetch(apiResponder({ 'push.devices': () => json({ devices: [] }), 'push.publicKey': () => json({ publicKey: 'AQID' }) }));
    const store = new PushDevicesStore(createTestRoot('en'), 20);
    await store.init();
    expect(store.state).toBe('off');
    expect(requestPermission).not.toHaveBeenCalled();
    await store.toggle(true);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(store.problem).toEqual({ reason: 'noWorker' });
    expect(store.state).toBe('off');
    expect(store.busy).toBe(false);
  });

  it('is unsupported where the browser has no PushManager', async () => {
    mockFetch(apiResponder({ 'push.devices': () => json({ devices: [] }) }));
    const store = new PushDevicesStore(createTestRoot('en'), 20);
    await store.init();
    expect(store.state).toBe('unsupported');
  });

  it('decodes the base64url VAPID key', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
