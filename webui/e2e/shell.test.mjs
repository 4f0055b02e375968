// The web client shell against the real binary: languages, colour mode, 404,
// the mobile tab bar and create panel. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('web client shell', { skip: suiteSkip() }, () => {
  const site = useSite({ context: { locale: 'zh-CN', colorScheme: 'light' }, csp: true });

  /** A page in a fresh context that fails the test on any script error or Content-Security-Policy violation. */
  const openPage = (options) => site.open(options);

  for (const [path, login, home] of [
    ['/', '登录', '首页'],
    ['/en', 'Log in', 'Home'],
    ['/es', 'Iniciar sesión', 'Inicio'],
  ]) {
    test(`home ${path} shows the header in its language`, async () => {
      const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
      const response = await page.goto(site.url + path);
      assert.equal(response.status(), 200);
      const header = page.locator('header');
      await header.getByRole('button', { name: login }).waitFor();
      await header.getByRole('link', { name: home, exact: true }).first().waitFor();
      assert.equal((await header.boundingBox()).height, 60);
      await page.locator('[data-testid="copyright"]').waitFor();
      await screenshot(page, `home-${path === '/' ? 'zh-hans' : path.slice(1)}-desktop`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a first visit to / follows the browser language, then the cookie', async () => {
    const { context, page, errors } = await openPage({ locale: 'es-ES' });
    await page.goto(`${site.url}/?ref=amigo`);
    await page.waitForURL(`${site.url}/es?ref=amigo`);
    await page.locator('header').getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    assert.equal((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value, 'es');
    assert.equal(await page.evaluate(() => localStorage.getItem('ref')), 'amigo');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('switching language sets the cookie and the URL prefix', async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/en/cart`);
    await page.getByRole('heading', { name: 'Shopping cart' }).waitFor();
    await page.getByTestId('locale-trigger').click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.waitForURL(`${site.url}/es/cart`);
    await page.getByRole('heading', { name: 'Carrito de compra' }).waitFor();
    await page.locator('header').getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    assert.equal(cookie?.value, 'es');
    assert.ok(cookie.expires * 1000 - Date.now() > 364 * 86400 * 1000, 'the cookie lasts 365 days');
    await screenshot(page, 'cart-es-after-switch');

    await page.getByTestId('locale-trigger').click();
    await page.getByRole('button', { name: '简体中文' }).click();
    await page.waitForURL(`${site.url}/cart`);
    await page.getByRole('heading', { name: '购物车' }).waitFor();
    assert.equal((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value, 'zh-hans');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the colour toggle cycles dark, light, system and survives a reload', async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/en`);
    const html = page.locator('html');
    const toggle = page.getByTestId('color-mode-toggle');
    await toggle.waitFor();
    assert.match(await html.getAttribute('class'), /\blight\b/);

    await toggle.click();
    await page.getByText('Colour mode: Dark', { exact: true }).waitFor();
    assert.match(await html.getAttribute('class'), /\bdark\b/);
    await page.reload();
    await toggle.waitFor();
    assert.match(await html.getAttribute('class'), /\bdark\b/);
    assert.equal(await page.evaluate(() => localStorage.getItem('nuxt-color-mode')), 'dark');
    await screenshot(page, 'home-en-dark');

    await toggle.click();
    assert.equal(await toggle.getAttribute('data-mode'), 'light');
    assert.match(await html.getAttribute('class'), /\blight\b/);
    await toggle.click();
    assert.equal(await toggle.getAttribute('data-mode'), 'system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the stored dark mode applies before the first paint', async () => {
    const { context, page } = await openPage();
    await context.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'));
    await page.goto(`${site.url}/en`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    assert.match(await page.locator('html').getAttribute('class'), /\bdark\b/);
    await context.close();
  });

  test('an unknown path shows Page Not Found with status 404', async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
    const response = await page.goto(`${site.url}/en/nowhere/at/all`);
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('Page Not Found: /en/nowhere/at/all').waitFor();
    await screenshot(page, 'not-found-en');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('mobile width shows the tab bar and opens the create panel', async () => {
    const { context, page, errors } = await openPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${site.url}/en`);
    const tabs = page.getByTestId('tab-bar');
    await tabs.waitFor();
    assert.equal((await tabs.locator('> div').boundingBox()).height, 56, 'the tab bar is 3.5rem tall');
    assert.equal((await page.locator('header').boundingBox()).height, 87);
    assert.equal(await page.getByTestId('side-toolbar').count(), 0);
    await screenshot(page, 'home-en-mobile');
    await tabs.getByRole('button', { name: 'Create' }).click();
    const panel = page.getByRole('dialog', { name: 'Create' });
    await panel.waitFor();
    await panel.getByText('Join the chat').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: new URL('./artifacts/create-panel-mobile.png', import.meta.url).pathname });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the search overlay and the login dialog open with their frames', async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/en`);
    await page.locator('header').getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search results' });
    await search.getByText('Please enter a keyword').waitFor();
    await page.waitForTimeout(250);
    await screenshot(page, 'search-overlay-en');
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
    await page.locator('header').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).waitFor();
    await page.waitForTimeout(250);
    await screenshot(page, 'login-dialog-en');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('dark mode on mobile, with the locale popover', async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await page.goto(`${site.url}/es/account`);
    await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();
    assert.match(await page.locator('html').getAttribute('class'), /\bdark\b/);
    await page.getByTestId('locale-trigger').click();
    await page.getByRole('button', { name: /Dólar estadounidense/ }).waitFor();
    await page.waitForTimeout(250);
    await screenshot(page, 'account-es-mobile-dark');
    await page.keyboard.press('Escape');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('tablet and desktop show the side toolbar', async () => {
    const { context, page } = await openPage({ viewport: { width: 900, height: 900 } });
    await page.goto(`${site.url}/about`);
    await page.getByTestId('side-toolbar').waitFor();
    await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();
    assert.equal((await page.locator('header').boundingBox()).height, 87);
    await screenshot(page, 'about-zh-hans-tablet');
    await context.close();
  });

  test('screen readers hear the toast regions named in the page language', async () => {
    const { context, page, errors } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    for (const [path, name] of [
      ['/', '通知'],
      ['/es', 'Notificaciones'],
      ['/en', 'Notifications'],
    ]) {
      await page.goto(site.url + path);
      await page.locator('header').waitFor();
      const regions = page.locator('[role=region][aria-label]');
      const labels = await regions.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
      assert.ok(labels.length > 0, `${path} has toast regions`);
      for (const label of labels) assert.ok(label.startsWith(`${name} (`), `${path}: region "${label}" is named in its language`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
