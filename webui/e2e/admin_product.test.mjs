// The operators' product form against the real binary: an admin creates a product with a title in
// each language and a price; a visitor opens it in English and in Spanish; the admin opens it again
// from the product page's "Edit" link, changes its price, and the visitor's page shows the new
// price; a member is refused admin.product. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, callAction, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('admin product form', { skip: suiteSkip() }, () => {
  const site = useSite();
  const t = messages('en');
  const titles = { 'zh-hans': '端到端台灯', en: 'End-to-end lamp', es: 'Lámpara de extremo a extremo' };

  /** The visitor's price of the product page, once it reads `pattern`. */
  async function priceShows(page, pattern) {
    const price = page.getByTestId('product-page').getByTestId('price').first();
    await price.filter({ hasText: pattern }).waitFor();
    return price.textContent();
  }

  test('an admin creates a product in three languages, a visitor reads it, the admin edits its price', async () => {
    const admin = await site.signedIn('admin', DESKTOP);
    await admin.page.goto(`${site.url}/en/admin/content?kind=product`);
    await admin.page.getByTestId('product-new').click();
    const form = admin.page.getByTestId('product-form');
    await form.waitFor();
    for (const [lang, title] of Object.entries(titles)) await form.getByTestId(`product-title-${lang}`).fill(title);
    const slug = `e2e-lamp-${Date.now()}`;
    await form.getByTestId('product-slug').fill(slug);
    await form.getByTestId('product-price-USD').fill('12.34');
    await form.getByTestId('product-price-EUR').fill('11.50');
    await form.getByTestId('product-price-CNY').fill('88');
    await form.getByTestId('product-stock').fill('5');
    await screenshot(admin.page, 'admin-product-new');
    await form.getByTestId('product-save').click();
    await admin.page.getByText(t('admin.product.saved')).first().waitFor();
    await admin.page.waitForFunction(() => document.querySelector('[data-testid="product-form"]')?.getAttribute('data-id'));
    const id = await form.getAttribute('data-id');
    assert.match(id, /^\d+$/);
    assert.match(admin.page.url(), new RegExp(`edit=${id}`));
    await form.getByRole('button', { name: t('admin.product.close'), exact: true }).click();
    await form.waitFor({ state: 'detached' });
    assert.doesNotMatch(admin.page.url(), /edit=/);
    const row = admin.page.getByTestId('content-row').filter({ hasText: titles.en });
    await row.waitFor();
    await screenshot(admin.page, 'admin-product-row');
    // The row's Edit opens the form on the product, read back whole.
    await row.getByTestId('product-edit').click();
    await screenshot(admin.page, 'admin-product-row-edit');
    await admin.page.locator(`[data-testid="product-form"][data-id="${id}"]`).waitFor();
    assert.equal(await form.getByTestId('product-title-zh-hans').inputValue(), titles['zh-hans']);
    await form.getByRole('button', { name: t('admin.product.close'), exact: true }).click();
    await form.waitFor({ state: 'detached' });

    const english = await site.open(DESKTOP);
    await english.page.goto(`${site.url}/en/shop/${slug}-${id}`);
    await english.page.getByRole('heading', { name: titles.en }).waitFor();
    await priceShows(english.page, /12\.34/);
    await screenshot(english.page, 'admin-product-visitor-en');
    const spanish = await site.open({ ...DESKTOP, locale: 'es-ES' });
    await spanish.page.goto(`${site.url}/es/shop/${slug}-${id}`);
    await spanish.page.getByRole('heading', { name: titles.es }).waitFor();
    await priceShows(spanish.page, /11[.,]50/);
    await screenshot(spanish.page, 'admin-product-visitor-es');

    // The product page's Edit link opens the form on it, prefilled from admin.product.
    await admin.page.goto(`${site.url}/en/shop/${slug}-${id}`);
    await admin.page.getByTestId('product-admin-edit').click();
    await form.waitFor();
    assert.equal(await form.getByTestId('product-title-es').inputValue(), titles.es);
    assert.equal(await form.getByTestId('product-price-USD').inputValue(), '12.34');
    await form.getByTestId('product-price-USD').fill('15.75');
    await form.getByTestId('product-save').click();
    await admin.page.getByText(t('admin.product.saved')).first().waitFor();
    await screenshot(admin.page, 'admin-product-edited');

    await english.page.reload();
    await priceShows(english.page, /15\.75/);
    await screenshot(english.page, 'admin-product-visitor-new-price');
    const stored = await callAction(admin.page, 'admin.product', { id });
    assert.deepEqual(stored.product.titles, titles);
    assert.equal(stored.product.variants[0].prices.USD, '15.75');
    assert.deepEqual(admin.errors, []);
    assert.deepEqual(english.errors, []);
    assert.deepEqual(spanish.errors, []);
  });

  test('a member is refused admin.product', async () => {
    const member = await site.signedIn('member', DESKTOP);
    const reply = await callAction(member.page, 'admin.product', {});
    assert.equal(reply.statusCode, 403);
  });
});
