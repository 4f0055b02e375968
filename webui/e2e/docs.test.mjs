// Docs and builder pages against the real binary and its demo layout: the sign-up dialog's terms
// links open real docs pages (with the side navigation) in the three languages, the side toolbar's
// FAQ leads to /docs/faq, an unknown docs page is a 404, and the demo home page shows its blocks,
// in another order on a phone than on a desktop, and a guest sees a newly published layout live.
// Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, DESKTOP, MOBILE, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

const LANGS = [
  ['zh-hans', ''],
  ['en', '/en'],
  ['es', '/es'],
];

describe('docs and builder pages', { skip: suiteSkip() }, () => {
  const site = useSite();

  for (const [lang, prefix] of LANGS) {
    test(`${lang}: the sign-up terms links open the user agreement and the privacy policy`, async () => {
      const t = messages(lang);
      // A first visit to / follows the browser's language: zh-hans needs a Chinese browser.
      const { context, page, errors } = await site.open({ ...DESKTOP, locale: lang === 'zh-hans' ? 'zh-CN' : 'en-US' });
      await page.goto(`${site.url}${prefix || '/'}`);
      await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
      const box = page.getByRole('dialog').filter({ has: page.locator('form[data-action]') });
      await box.locator('form[data-action=login]').waitFor();
      await box.getByRole('button', { name: t('common.login.signup'), exact: true }).click();
      await box.locator('form[data-action=signup]').waitFor();
      const terms = box.locator('label:has(input[name=agreement])');
      const links = terms.getByRole('link');
      assert.equal(await links.count(), 2);
      await screenshot(page, `docs-${lang}-01-signup-terms`);

      for (const [index, slug] of [
        [0, 'user-agreement'],
        [1, 'privacy-policy'],
      ]) {
        assert.equal(await links.nth(index).getAttribute('href'), `${prefix}/docs/${slug}`);
        const [doc] = await Promise.all([context.waitForEvent('page'), links.nth(index).click()]);
        await doc.waitForURL(`${site.url}${prefix}/docs/${slug}`);
        const title = doc.getByTestId('docs-title');
        await title.waitFor();
        assert.ok((await title.textContent()).trim().length > 0, 'the page has a title');
        const nav = doc.getByTestId('docs-nav');
        await nav.waitFor();
        assert.ok((await nav.getByRole('link').count()) >= 3, 'the side navigation lists the docs pages');
        const current = nav.locator('a[aria-current=page]');
        assert.equal(await current.getAttribute('href'), `${prefix}/docs/${slug}`);
        assert.equal((await current.textContent()).trim(), (await title.textContent()).trim());
        // Real, substantial text in the page's language.
        const body = doc.getByTestId('block-text').first();
        await body.waitFor();
        assert.ok((await body.textContent()).length > 200, `${slug} has real text`);
        await screenshot(doc, `docs-${lang}-0${index + 2}-${slug}`);
        await doc.close();
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('the side toolbar FAQ button leads to /docs/faq; an unknown docs page is a 404', async () => {
    const t = messages('en');
    const { context, page, errors } = await site.open(DESKTOP);
    await page.goto(`${site.url}/en`);
    await page.getByTestId('side-toolbar').getByRole('link', { name: t('common.footer.faq') }).click();
    await page.waitForURL(`${site.url}/en/docs/faq`);
    await page.getByTestId('docs-title').waitFor();
    assert.equal(await page.getByTestId('docs-nav').locator('a[aria-current=page]').getAttribute('href'), '/en/docs/faq');
    await screenshot(page, 'docs-en-faq');

    const response = await page.goto(`${site.url}/en/docs/x`);
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { name: t('common.error.notFoundTitle') }).waitFor();
    await screenshot(page, 'docs-en-404');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a phone shows the docs navigation compactly at the top', async () => {
    const { context, page, errors } = await site.open(MOBILE);
    await page.goto(`${site.url}/es/docs/privacy-policy`);
    const nav = page.getByTestId('docs-nav-compact');
    await nav.waitFor();
    assert.equal(await page.getByTestId('docs-nav').isVisible(), false);
    const navBox = await nav.boundingBox();
    const titleBox = await page.getByTestId('docs-title').boundingBox();
    assert.ok(navBox.y < titleBox.y, 'the navigation is above the title');
    assert.equal(await nav.locator('a[aria-current=page]').getAttribute('href'), '/es/docs/privacy-policy');
    await screenshot(page, 'docs-es-mobile');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the demo home page shows its blocks, in another order on a phone', async () => {
    const orders = {};
    for (const [name, options] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ]) {
      const { context, page, errors } = await site.open(options);
      await page.goto(`${site.url}/en`);
      const list = page.getByTestId('home-blocks');
      await list.waitFor();
      await page.getByTestId('block-hero').waitFor();
      orders[name] = await list.locator('[data-block-type]').evaluateAll((nodes) => nodes.map((node) => node.dataset.blockType));
      // The lists load once near the screen: scroll through the page and wait for the cards.
      for (const kind of ['topics', 'articles', 'products']) {
        const block = page.getByTestId(`block-${kind}`);
        if ((await block.count()) === 0) continue;
        await block.first().scrollIntoViewIfNeeded();
        await block.first().locator('[data-testid$="-card"]').first().waitFor();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `docs-home-blocks-${name}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
    for (const kind of ['hero', 'menu', 'articles', 'topics', 'products', 'nodes', 'chat', 'audio']) {
      assert.ok(orders.desktop.includes(kind), `desktop shows a ${kind} block`);
      assert.ok(orders.mobile.includes(kind), `mobile shows a ${kind} block`);
    }
    assert.notDeepEqual(orders.mobile, orders.desktop, 'the phone has its own order');
  });

  // Last: it publishes a new layout.
  test("a guest on the home page sees a newly published layout live", async () => {
    const guest = await site.open(DESKTOP);
    const firstBlock = () => guest.page.getByTestId('home-blocks').locator('[data-block-type]').first().getAttribute('data-block-type');
    // Listening before the page loads: the guest socket may watch before the blocks show.
    const watching = new Promise((resolve) => {
      guest.page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).includes('"watch"') && resolve()));
    });
    await guest.page.goto(`${site.url}/en`);
    await guest.page.getByTestId('home-blocks').waitFor();
    await Promise.race([
      watching,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the guest socket never watched the site channel')), 20_000)),
    ]);
    const before = await firstBlock();

    const admin = await site.open(DESKTOP);
    await site.logIn(admin.page, 'admin');
    const draft = await callAction(admin.page, 'builder.draft', {});
    const home = draft.doc.pages.find((page) => page.kind === 'home');
    home.blocks.desktop = [...home.blocks.desktop.slice(1), home.blocks.desktop[0]];
    const saved = await callAction(admin.page, 'builder.saveDraft', { doc: draft.doc, revision: draft.revision });
    const published = await callAction(admin.page, 'builder.publish', { revision: saved.revision, note: 'docs e2e' });
    assert.ok(published.version > draft.publishedVersion, 'a new version is published');

    await guest.page.waitForFunction(
      (previous) => document.querySelector('[data-testid="home-blocks"] [data-block-type]')?.getAttribute('data-block-type') !== previous,
      before,
    );
    assert.equal(await firstBlock(), home.blocks.desktop[0].type);
    await screenshot(guest.page, 'docs-home-live-after-publish');
    assert.deepEqual(guest.errors, []);
    await guest.context.close();
    await admin.context.close();
  });
});
