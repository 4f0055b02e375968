// The page builder against the real binary and its demo content: the administrator opens
// /builder, builds the home page with a hero and a topic list for desktop and the other order for
// mobile, and publishes; visitors already on the home page (desktop 1280 wide, mobile 460 wide)
// see it change without reloading. A member without canBuilder is refused, in the UI and by the
// server. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

const t = messages('en');
const WIDE = { viewport: { width: 1440, height: 900 } };
const VISITOR_DESKTOP = { viewport: { width: 1280, height: 900 } };
const VISITOR_MOBILE = { viewport: { width: 460, height: 900 }, isMobile: true, hasTouch: true };

/** The block types of the page's rendered block list, in order. */
function shownTypes(page) {
  return page.locator('[data-testid=block-list] > [data-block-type]').evaluateAll((nodes) => nodes.map((node) => node.dataset.blockType));
}

/** The block types of the builder's list for the current device, in order. */
function listedTypes(page) {
  return page.getByTestId('builder-blocks').getByTestId('block-item').evaluateAll((nodes) => nodes.map((node) => node.dataset.blockType));
}

async function addBlock(page, name) {
  await page.getByRole('button', { name: t('page.builder.addBlock') }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
}

async function clearBlocks(page) {
  const items = page.getByTestId('builder-blocks').getByTestId('block-item');
  while ((await items.count()) > 0) {
    await items.first().hover();
    await items.first().getByRole('button', { name: t('page.builder.block.delete') }).click();
  }
}

describe('page builder', { skip: suiteSkip() }, () => {
  const site = useSite();

  test('an admin builds the home page per device and publishes; visitors see it live', async () => {
    const stamp = `Live hero ${Date.now().toString(36)}`;
    const { page: admin, errors } = await site.signedIn('admin', WIDE);
    await admin.goto(`${site.url}/en/builder`);
    await admin.getByTestId('builder').waitFor();
    const siteHeaders = await admin.locator('header[data-device]').evaluateAll((nodes) => nodes.filter((node) => !node.closest('[data-testid=builder-preview]')).length);
    assert.equal(siteHeaders, 0, 'no site header on /builder');
    await admin.getByLabel(t('page.builder.page'), { exact: true }).selectOption({ label: t('page.builder.pageKinds.home') });

    await clearBlocks(admin);
    await addBlock(admin, t('page.builder.blocks.hero'));
    await admin.getByTestId('block-inspector').getByLabel(t('page.builder.field.title'), { exact: true }).fill(stamp);
    await addBlock(admin, t('page.builder.blocks.topics'));
    assert.deepEqual(await listedTypes(admin), ['hero', 'topics']);
    await admin.getByTestId('builder-preview').getByText(stamp).waitFor();

    const listed = (type) => admin.getByTestId('builder-blocks').locator(`[data-block-type=${type}]`);
    await listed('topics').dragTo(listed('hero'));
    assert.deepEqual(await listedTypes(admin), ['topics', 'hero'], 'dragged above the hero');
    await listed('topics').hover();
    await listed('topics').getByRole('button', { name: t('page.builder.block.moveDown') }).click();
    assert.deepEqual(await listedTypes(admin), ['hero', 'topics']);
    await screenshot(admin, 'builder-desktop-layout');

    await admin.getByRole('button', { name: t('page.builder.copyToDevices') }).click();
    await admin.getByRole('radio', { name: t('common.device.mobile') }).click();
    await admin.locator('[data-testid=device-frame][data-device=mobile]').waitFor();
    await listed('topics').hover();
    await listed('topics').getByRole('button', { name: t('page.builder.block.moveUp') }).click();
    assert.deepEqual(await listedTypes(admin), ['topics', 'hero']);
    await screenshot(admin, 'builder-mobile-layout');

    const desktop = await site.open(VISITOR_DESKTOP);
    const mobile = await site.open(VISITOR_MOBILE);
    for (const visitor of [desktop.page, mobile.page]) {
      await visitor.goto(`${site.url}/en`);
      await visitor.locator('header[data-device]').first().waitFor();
      await visitor.evaluate(() => {
        window.__notReloaded = true;
      });
    }

    await admin.getByRole('button', { name: t('page.builder.publish.open'), exact: true }).click();
    await admin.getByLabel(t('page.builder.publish.note')).fill('hero and topics');
    await admin.getByRole('button', { name: t('page.builder.publish.submit') }).click();
    await admin.getByText(/Published as version \d+/).first().waitFor();
    await admin.getByRole('button', { name: t('page.builder.history.title') }).click();
    await admin.getByTestId('version-list').getByText('hero and topics').waitFor();
    await screenshot(admin, 'builder-history');
    await admin.keyboard.press('Escape');

    for (const [visitor, order, name] of [
      [desktop.page, ['hero', 'topics'], 'desktop'],
      [mobile.page, ['topics', 'hero'], 'mobile'],
    ]) {
      await visitor.getByTestId('block-hero').filter({ hasText: stamp }).waitFor({ timeout: 20_000 });
      assert.deepEqual(await shownTypes(visitor), order, `${name} order`);
      assert.equal(await visitor.evaluate(() => window.__notReloaded), true, `${name} visitor did not reload`);
      await screenshot(visitor, `builder-live-${name}`);
    }
    assert.deepEqual(errors, []);
    assert.deepEqual(desktop.errors, []);
    assert.deepEqual(mobile.errors, []);
  });

  test('a member without canBuilder is refused, on screen and by the server', async () => {
    const { page } = await site.signedIn('member', WIDE);
    await page.goto(`${site.url}/en/builder`);
    await page.getByText(t('page.builder.forbidden')).waitFor();
    const doc = { pageSettings: {}, pages: [] };
    const refused = await callAction(page, 'builder.saveDraft', { doc, revision: 0 }, { lang: 'en' });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.codes, ['builder.error.forbidden']);
    await screenshot(page, 'builder-forbidden');

    const guest = await site.open(WIDE);
    await guest.page.goto(`${site.url}/en`);
    const unsigned = await callAction(guest.page, 'builder.saveDraft', { doc, revision: 0 });
    assert.equal(unsigned.statusCode, 401);
  });
});
