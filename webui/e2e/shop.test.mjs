// The shop against the real binary: a guest fills a local cart from a product
// page, signs in from the cart (the local cart merges into the member's server
// cart), checks out paying by QR, pays on the sandbox confirm page in a second
// browser (a phone), sees the payment success in the first tab, and sees the
// order on the orders page change live when an admin completes it.
// Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiLogin, callAction, DEMO_USERS, DESKTOP, messages, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** The client's English messages, so that the test reads what the reader reads. */
const t = messages('en');

/** The demo's digital product (an e-book, download delivery) and its only variant. */
const HANDBOOK = { path: '/en/shop/community-handbook-3000000004', variantId: '3000000401', title: 'Community handbook (e-book)' };

/** Calls an action from a page (its cookies sign it in). */
const act = (page, action, data) => callAction(page, action, data, { currency: 'USD', lang: 'en' });

describe('shop', { skip: suiteSkip() }, () => {
  const site = useSite();
  const newPage = (options) => site.open(options);

  test('a guest fills a cart, signs in (merged), pays by QR in another tab, sees the success and the order live', async () => {
    // The member already has one handbook in their server cart (from another device).
    const other = await newPage(DESKTOP);
    await other.page.goto(`${site.url}/en`);
    assert.ok(await apiLogin(other.page, DEMO_USERS.member), 'the member logs in elsewhere');
    const seeded = await act(other.page, 'cart.set', { variantId: HANDBOOK.variantId, quantity: 1 });
    assert.equal(seeded.cart?.count, 1, JSON.stringify(seeded));

    // A guest opens the product page and puts two in the local cart.
    const { page, errors } = await newPage(DESKTOP);
    await page.goto(`${site.url}${HANDBOOK.path}`);
    const product = page.getByTestId('product-page');
    await product.getByRole('heading', { level: 1, name: HANDBOOK.title }).waitFor();
    assert.match(await product.getByTestId('price').first().innerText(), /^\$\d+\.\d{2}$/);
    await product.getByTestId('product-stock').getByText(/in stock/).waitFor();
    await product.getByRole('button', { name: t('shop.quantity.more') }).click();
    assert.equal(await product.getByRole('textbox', { name: t('shop.quantity.label') }).inputValue(), '2');
    await screenshot(page, 'shop-product');

    // From here on the page must never reload.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await product.getByRole('button', { name: t('shop.product.addToCart') }).click();
    const cartLink = page.getByTestId('header-cart');
    await page.locator(`[data-testid="header-cart"][aria-label="${t('shop.cart.titleCount_other', { count: 2 })}"]`).waitFor();
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('souk.cart') ?? 'null')), {
      v: 1,
      items: [{ variantId: HANDBOOK.variantId, quantity: 2 }],
    });

    // The cart prices the local lines (cart.quote) and asks the guest to log in to check out.
    await cartLink.click();
    await page.waitForURL(/\/en\/cart$/);
    const line = page.getByTestId('cart-line');
    await line.waitFor();
    assert.equal(await line.getByRole('textbox').inputValue(), '2');
    const guestTotal = await page.getByTestId('cart-total').innerText();
    assert.match(guestTotal, /^\$\d+\.\d{2}$/);
    await screenshot(page, 'shop-cart-guest');
    await page.getByTestId('checkout-guest').getByRole('button', { name: t('shop.checkout.login') }).click();

    // Log in by email in the login box: the local cart merges into the member's (2 + 1).
    const box = page.getByRole('dialog').filter({ has: page.locator('form[data-action]') });
    await box.locator('form[data-action=login]').waitFor();
    await box.getByRole('radio', { name: t('common.login.type.email') }).click();
    await box.getByPlaceholder(t('common.login.emailPlaceholder')).fill(DEMO_USERS.member.username);
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill(DEMO_USERS.member.password);
    await box.locator('button[type=submit]').click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('checkout').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-line"] input[type="text"]')?.value === '3');
    assert.equal(await page.getByTestId('cart-line').count(), 1);
    assert.equal(await page.evaluate(() => localStorage.getItem('souk.cart')), null, 'the local cart is cleared');
    await page.locator(`[data-testid="header-cart"][aria-label="${t('shop.cart.titleCount_other', { count: 3 })}"]`).waitFor();
    const total = await page.getByTestId('cart-total').innerText();
    await screenshot(page, 'shop-cart-member');

    // The member's other device shows the product page: its stock follows live.
    await other.page.goto(`${site.url}${HANDBOOK.path}`);
    const otherStock = other.page.getByTestId('product-stock');
    const stockBefore = Number((await otherStock.innerText()).replace(/\D/g, ''));
    assert.ok(stockBefore >= 3, `stock ${stockBefore}`);
    // Its socket connects and watches the product's channel.
    await other.page.waitForTimeout(1500);

    // Check out paying by QR: the payment QR dialog with its 300 s countdown.
    await page.getByRole('radio', { name: t('shop.payment.qrcode') }).check();
    await page.getByTestId('checkout-submit').click();
    const qr = page.getByTestId('payment-qr');
    await qr.waitFor();
    assert.equal(await page.getByTestId('payment-qr-amount').innerText(), total);
    await page.getByTestId('payment-qr-countdown').getByText(/(5:00|4:5\d)/).waitFor();
    // The order holds the three: the other device's product page says so without a reload.
    await otherStock.getByText(t('shop.product.stock_other', { count: stockBefore - 3 })).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(300);
    await screenshot(page, 'shop-qr');

    // A phone opens the QR code's confirm page and pays there.
    const encoded = new URL(await qr.getByTestId('payment-qr-link').getAttribute('href'));
    assert.match(encoded.pathname, /^\/en\/pay\/sandbox\/\d+$/);
    const phone = await newPage(MOBILE);
    await phone.page.goto(`${site.url}${encoded.pathname}${encoded.search}`);
    await phone.page.getByTestId('sandbox-amount').getByText(total).waitFor();
    await phone.page.getByRole('button', { name: `Pay ${total}` }).click();
    await phone.page.getByTestId('sandbox-paid').waitFor();
    await screenshot(phone.page, 'shop-sandbox-paid');

    // The first tab: the QR dialog closes and the payment success shows.
    const success = page.getByTestId('payment-success');
    await success.waitFor({ timeout: 15_000 });
    await qr.waitFor({ state: 'detached' });
    assert.equal(await success.getByTestId('payment-success-title').innerText(), HANDBOOK.title);
    assert.equal(await success.getByTestId('payment-success-price').innerText(), total);
    assert.equal(await success.getByTestId('payment-success-method').innerText(), t('shop.payment.qrcode'));
    await page.waitForTimeout(300);
    await screenshot(page, 'shop-success');

    // The cart is empty now; the orders page lists the paid order with its download.
    await success.getByRole('link', { name: t('shop.success.orders') }).click();
    await page.waitForURL(/\/en\/account\/orders$/);
    const order = page.getByTestId('order').first();
    await order.waitFor();
    assert.equal(await order.getAttribute('data-status'), 'paid');
    await order.getByTestId('order-delivery').getByRole('link', { name: t('shop.orders.download') }).waitFor();
    assert.equal(await order.getByTestId('order-total').innerText(), total);
    assert.equal(await page.getByTestId('header-cart').getAttribute('aria-label'), t('page.cart.title'));
    await screenshot(page, 'shop-orders');

    // An admin completes the order: the member's page follows live.
    const admin = await newPage(DESKTOP);
    await admin.page.goto(`${site.url}/en`);
    assert.ok(await apiLogin(admin.page, DEMO_USERS.admin), 'the admin logs in');
    const orderId = await order.getAttribute('data-id');
    const changed = await act(admin.page, 'admin.orderStatus', { orderId, status: 'completed' });
    assert.equal(changed.order?.status, 'completed', JSON.stringify(changed));
    await page.locator(`[data-testid="order"][data-id="${orderId}"][data-status="completed"]`).waitFor({ timeout: 10_000 });
    await screenshot(page, 'shop-order-completed');

    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    assert.deepEqual(errors, []);
    assert.deepEqual(phone.errors, []);
  });

  test('on a phone: the tab bar counts the cart, and the cart is priced again in the currency picked', async () => {
    const { page, errors } = await newPage(MOBILE);
    await page.goto(`${site.url}/en/shop/sticker-pack-3000000005`);
    const product = page.getByTestId('product-page');
    await product.getByRole('heading', { level: 1 }).waitFor();
    await product.getByRole('button', { name: t('shop.product.addToCart') }).click();
    const tabs = page.getByTestId('tab-bar');
    await tabs.locator('[data-testid="cart-count"][data-count="1"]').waitFor();
    await screenshot(page, 'shop-mobile-product');
    await tabs.locator('a[href="/en/cart"]').click();
    await page.waitForURL(/\/en\/cart$/);
    const total = page.getByTestId('cart-total');
    await total.getByText('$1.50').waitFor();

    await page.getByRole('button', { name: t('common.header.localeCurrency') }).click();
    await page.locator('[data-currency="EUR"]').click();
    await total.getByText('€1.40').waitFor();
    assert.equal(await page.getByTestId('cart-line-total').innerText(), '€1.40');
    await screenshot(page, 'shop-mobile-cart-eur');

    // The product's category page: a grid of its products, in euros now.
    await page.goBack();
    await product.getByTestId('product-category').click();
    await page.waitForURL(/\/en\/shop-archive\/collectibles-\d+$/);
    const archive = page.getByTestId('product-archive');
    await archive.getByRole('heading', { level: 1, name: 'Collectibles' }).waitFor();
    const card = archive.getByTestId('product-card').filter({ hasText: 'Souk sticker pack' });
    await card.getByText('€1.40').waitFor();
    await screenshot(page, 'shop-mobile-archive');
    assert.deepEqual(errors, []);
  });
});
