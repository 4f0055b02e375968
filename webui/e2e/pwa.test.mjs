// The installable app against the real binary: the web app manifest of each
// language, the service worker (registration, control, a push shown as a
// notification), the private messages page a push links to, and, last
// because it stops the server, the app shell and the offline page with the
// site unreachable. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, messages, screenshot, socketSays, suiteSkip, useSite } from './helpers.mjs';

/** Resolves to the service worker's scope once it is active for the page. */
function workerReady(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
}

/** Waits until the worker's cache holds url (the worker precaches on install). */
async function waitCached(page, url, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const cached = await page.evaluate(async (u) => Boolean(await caches.match(u)), url);
    if (cached) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`the service worker never cached ${url}`);
}

function pngSize(body) {
  assert.equal(body.subarray(1, 4).toString('ascii'), 'PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

describe('installable web app', { skip: suiteSkip() }, () => {
  const site = useSite({ csp: true });

  for (const [lang, prefix] of [
    ['zh-hans', ''],
    ['en', '/en'],
    ['es', '/es'],
  ]) {
    test(`${lang}: the page links its language's web app manifest, which is complete`, async () => {
      const t = messages(lang);
      const { page, errors } = await site.open();
      await page.goto(`${site.url}${prefix || '/'}`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      assert.equal(href, `${prefix}/manifest.webmanifest`);
      const response = await page.request.get(site.url + href);
      assert.equal(response.status(), 200);
      assert.match(response.headers()['content-type'], /^application\/manifest\+json/);
      const manifest = await response.json();
      assert.equal(manifest.name, t('pwa.manifest.name'));
      assert.equal(manifest.short_name, t('pwa.manifest.shortName'));
      assert.equal(manifest.description, t('pwa.manifest.description'));
      assert.equal(manifest.lang, lang);
      assert.equal(manifest.start_url, prefix || '/');
      assert.equal(manifest.scope, `${prefix}/`);
      assert.equal(manifest.display, 'standalone');
      assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
      assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
      const sizes = [];
      for (const icon of manifest.icons) {
        const file = await page.request.get(site.url + icon.src);
        assert.equal(file.status(), 200, icon.src);
        assert.equal(file.headers()['content-type'], 'image/png');
        const [width, height] = pngSize(await file.body());
        assert.equal(`${width}x${height}`, icon.sizes, icon.src);
        sizes.push(`${icon.sizes} ${icon.purpose}`);
      }
      assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
      const themes = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('media')));
      assert.deepEqual(themes, ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
      assert.equal((await page.request.get(site.url + (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')))).status(), 200);
      assert.deepEqual(errors, []);
    });
  }

  test('the service worker registers, controls the page after a reload, and shows a push as a notification', async () => {
    const { context, page, errors } = await site.open();
    await context.grantPermissions(['notifications'], { origin: site.url });
    const cdp = await context.newCDPSession(page);
    const registrations = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => registrations.push(...list));
    await cdp.send('ServiceWorker.enable');

    await page.goto(`${site.url}/en`);
    const worker = await workerReady(page);
    assert.equal(worker.scope, `${site.url}/`);
    assert.equal(worker.script, `${site.url}/sw.js`);
    const sw = await page.request.get(`${site.url}/sw.js`);
    assert.equal(sw.headers()['cache-control'], 'no-cache');
    await page.reload();
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), `${site.url}/sw.js`);

    const registration = registrations.find((r) => r.scopeURL === `${site.url}/` && !r.isDeleted);
    assert.ok(registration, 'DevTools sees the registration');
    const payload = { title: 'Ann', body: '3 new messages', url: '/en/messages/ann', tag: 'pm7', count: 3, kind: 'message', lang: 'en' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: site.url,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (let i = 0; i < 50; i++) {
        const list = await registration.getNotifications();
        if (list.length > 0) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    });
    assert.deepEqual(shown, [{ title: 'Ann', body: '3 new messages', tag: 'pm7', data: { url: '/en/messages/ann', kind: 'message', count: 3 } }]);
    assert.deepEqual(errors, []);
  });

  test('a push link /messages/<slug> opens the conversation with that member as a page, and the page says it is focused', async () => {
    const { page, errors } = await site.signedIn('vip', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const found = await callAction(page, 'search.user', { key: 'admin', first: 20 });
    const admin = found.users.nodes[0];
    assert.ok(admin?.gqSlug, 'the admin has a slug');
    const focused = new Promise((resolve) => {
      page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => typeof payload === 'string' && payload.includes('"focus"') && resolve(payload)));
    });
    const synced = socketSays(page, '"inbox_synced"');
    const response = await page.goto(`${site.url}/en/messages/${encodeURIComponent(admin.gqSlug)}`);
    assert.equal(response.status(), 200, 'the server knows the page');
    await synced;
    const conversation = page.getByTestId('message-conversation');
    await conversation.waitFor();
    assert.equal(await conversation.getAttribute('aria-label'), messages('en')('message.with', { name: admin.name }));
    assert.deepEqual(JSON.parse(await focused), { action: 'focus', data: { focused: true } });
    await page.getByRole('textbox').first().waitFor();
    await screenshot(page, 'messages-page-en-mobile');

    await page.goto(`${site.url}/es/messages/nobody-has-this-slug`);
    await page.getByTestId('messages-page').waitFor();
    assert.equal((await page.request.get(`${site.url}/es/messages/x/y`)).status(), 404);
    assert.deepEqual(errors, []);
  });

  // Last: it stops the server.
  test('after a first visit the app shell loads with the site unreachable, and the offline page stands in without it', async () => {
    const { page } = await site.open();
    await page.goto(`${site.url}/en`);
    await workerReady(page);
    const buildId = await page.locator('meta[name="build-id"]').getAttribute('content');
    await waitCached(page, '/en');
    assert.ok((await page.evaluate(() => caches.keys())).includes(`souk-${buildId}`), 'one cache per build');
    // Controlled by the worker now: the cart's lazy chunk is cached as it loads.
    await page.reload();
    await page.goto(`${site.url}/en/cart`);
    await page.getByRole('heading', { name: 'Shopping cart' }).waitFor();

    await site.server.stop();
    const offline = await page.goto(`${site.url}/en/cart`);
    assert.equal(offline.status(), 200);
    await page.getByRole('heading', { name: 'Shopping cart' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await screenshot(page, 'pwa-offline-shell-en');
    await page.goto(`${site.url}/en`);
    await page.locator('header').getByRole('button', { name: 'Log in' }).waitFor();

    // Without any cached shell, a page is the language's offline page.
    await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      await Promise.all(['/', '/en', '/es'].map((home) => cache.delete(home)));
    }, `souk-${buildId}`);
    await page.goto(`${site.url}/es/community`);
    const t = messages('es');
    await page.getByTestId('offline-page').waitFor();
    await page.getByRole('heading', { name: t('pwa.offline.title') }).waitFor();
    await page.getByRole('link', { name: t('pwa.offline.retry') }).waitFor();
    await screenshot(page, 'pwa-offline-page-es');
  });
});
