type Module = typeof import('./serviceWorker');

function fakeWorkers({ secure = true, fail = false } = {}) {
  const registration = { update: vi.fn(() => Promise.resolve()) };
  const container = {
    register: vi.fn(() => (fail ? Promise.reject(new Error('blocked')) : Promise.resolve(registration))),
    getRegistration: vi.fn(() => Promise.resolve(registration)),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  return { container, registration };
}

async function load(): Promise<Module> {
  vi.resetModules();
  return import('./serviceWorker');
}

describe('service worker registration', () => {
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    Object.defineProperty(window, 'isSecureContext', { value: undefined, configurable: true });
  });

  it('registers /sw.js for the whole site once, never asking the HTTP cache', async () => {
    const { container } = fakeWorkers();
    const { registerServiceWorker } = await load();
    const [first, second] = await Promise.all([registerServiceWorker(), registerServiceWorker()]);
    expect(first).toBe(second);
    expect(container.register).toHaveBeenCalledOnce();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('does nothing on a page that is not secure, or in a browser without workers', async () => {
    const { container } = fakeWorkers({ secure: false });
    const { registerServiceWorker, updateServiceWorker, workerSupported } = await load();
    expect(workerSupported()).toBe(false);
    expect(await registerServiceWorker()).toBeNull();
    await updateServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
    expect(container.getRegistration).not.toHaveBeenCalled();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    expect(workerSupported()).toBe(false);
  });

  it('lives without a worker when the registration fails, and tries again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = fakeWorkers({ fail: true });
    const { registerServiceWorker } = await load();
    expect(await registerServiceWorker()).toBeNull();
    expect(await registerServiceWorker()).toBeNull();
    expect(container.register).toHaveBeenCalledTimes(2);
  });

  it('registers only after the page loaded, when the browser is idle', async () => {
    const { container } = fakeWorkers();
    const { registerWhenLoaded } = await load();
    const idle: (() => void)[] = [];
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    registerWhenLoaded((fn) => idle.push(fn));
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(container.register).not.toHaveBeenCalled();
    idle[0]();
    expect(container.register).toHaveBeenCalledOnce();
    readyState.mockRestore();
  });

  it('asks the registration to update when a new build is out', async () => {
    const { registration } = fakeWorkers();
    const { updateServiceWorker } = await load();
    await updateServiceWorker();
    expect(registration.update).toHaveBeenCalledOnce();
  });
});
