// Wallets against the real binary: a member opens the wealth page and tops up,
// opens the QR code's confirm page in a second browser (a phone) and pays
// there, sees the balance and the history change live in the first tab, then
// buys a VIP tier; the user menu's badge and the chat rights follow without a
// reload. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiLogin, DEMO_USERS, DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** "$1,234.50" or "-$3.00" as integer cents, without floats. */
function cents(text) {
  const match = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(text);
  assert.ok(match, `an amount in ${JSON.stringify(text)}`);
  const value = Number(match[2].replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

describe('wallet', { skip: suiteSkip() }, () => {
  const site = useSite();
  const newPage = (options) => site.open(options);

  async function openUserMenu(page) {
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  test('top up through the sandbox QR page, live balance, then a VIP tier opens the chat without a reload', async () => {
    const { page, errors } = await newPage(DESKTOP);
    await page.goto(`${site.url}/en`);
    assert.ok(await apiLogin(page, DEMO_USERS.member), 'the member logs in');
    await page.goto(`${site.url}/en/account`);
    const overview = page.getByTestId('account-overview');
    await overview.waitFor();
    await overview.getByText('Hello,').waitFor();
    await screenshot(page, 'wallet-overview');

    // The chat is closed to a plain member.
    await page.getByTestId('side-toolbar').getByRole('button', { name: 'Chat' }).click();
    let drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.getByTestId('chat-no-access').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // From here on the page must never reload.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });

    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Wallet' }).click();
    await page.getByTestId('wealth-page').waitFor();
    const usd = page.getByTestId('balance-USD');
    await usd.waitFor();
    const before = cents(await usd.innerText());

    // Top up 12.30 USD: the decimal input keeps two decimals.
    const form = page.getByRole('form', { name: 'Top up' });
    const amount = form.getByLabel('Amount');
    await form.getByLabel('Currency').selectOption('USD');
    await amount.fill('');
    await amount.pressSequentially('12.305');
    assert.equal(await amount.inputValue(), '12.30');
    await form.getByRole('button', { name: 'Top up', exact: true }).click();
    const qr = page.getByTestId('payment-qr');
    await qr.waitFor();
    await page.getByTestId('payment-qr-countdown').getByText(/Expires in (5:00|4:5\d)/).waitFor();
    const image = qr.getByRole('img', { name: 'QR code of the payment' });
    await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await image.elementHandle());
    await screenshot(page, 'wallet-topup-qr');

    // The QR code encodes the confirm page (on the public URL); a phone opens it and pays.
    const encoded = new URL(await qr.getByTestId('payment-qr-link').getAttribute('href'));
    assert.match(encoded.pathname, /^\/en\/pay\/sandbox\/\d+$/);
    assert.ok(encoded.searchParams.get('t'), 'the link carries its token');
    const phone = await newPage(MOBILE);
    await phone.page.goto(`${site.url}${encoded.pathname}${encoded.search}`);
    await phone.page.getByTestId('sandbox-amount').getByText('$12.30').waitFor();
    await screenshot(phone.page, 'wallet-sandbox-confirm');
    await phone.page.getByRole('button', { name: 'Pay $12.30' }).click();
    await phone.page.getByTestId('sandbox-paid').waitFor();
    await screenshot(phone.page, 'wallet-sandbox-paid');

    // The first tab: the dialog closes with a toast, the balance and the history change live.
    await page.getByText('$12.30 added to your wallet', { exact: true }).waitFor({ timeout: 10_000 });
    await qr.waitFor({ state: 'detached' });
    await page.waitForFunction(
      ([selector, expected]) => {
        const text = document.querySelector(selector)?.textContent ?? '';
        const match = /([\d,]+)\.(\d{2})/.exec(text);
        return match !== null && Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]) === expected;
      },
      ['[data-testid="balance-USD"] p:last-child', before + 1230],
    );
    const first = page.getByTestId('ledger-entry').first();
    await first.getByText('+$12.30').waitFor();
    assert.equal(await first.getAttribute('data-reason'), 'topup');
    await screenshot(page, 'wallet-topped-up');

    let menu = await openUserMenu(page);
    assert.equal(cents(await menu.getByTestId('money-balance').innerText()), before + 1230);
    await menu.getByRole('menuitem', { name: /Become a member/ }).click();

    // Buy a VIP tier in USD behind the confirmation.
    await page.getByTestId('membership-page').waitFor();
    await page.getByText('You are not a member yet').waitFor();
    const tier = page.getByTestId('membership-tier').filter({ has: page.locator('option[value="USD"]') }).first();
    await tier.waitFor();
    await tier.getByLabel('Pay with').selectOption('USD');
    await screenshot(page, 'wallet-membership');
    await tier.getByRole('button', { name: 'Buy' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the purchase' });
    await confirm.waitFor();
    await screenshot(page, 'wallet-membership-confirm');
    await confirm.getByRole('button', { name: /^Pay / }).click();
    await page.getByText(/^Welcome to .+!$/).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('membership-expiry').getByText(/Valid until/).waitFor();

    // The viewer event: the VIP badge in the user menu, the upsell gone, the chat open.
    menu = await openUserMenu(page);
    await menu.locator('[data-badge=vip]').waitFor({ timeout: 10_000 });
    assert.equal(await menu.getByRole('menuitem', { name: /Become a member/ }).count(), 0);
    assert.ok(cents(await menu.getByTestId('money-balance').innerText()) < before + 1230, 'the price was paid from the balance');
    await page.keyboard.press('Escape');
    await screenshot(page, 'wallet-vip');

    await page.getByTestId('side-toolbar').getByRole('button', { name: 'Chat' }).click();
    drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.getByTestId('chat-online').waitFor({ timeout: 10_000 });
    const box = drawer.getByRole('textbox', { name: 'Say something…' });
    const text = `A new VIP says hello ${Date.now().toString(36)}`;
    await box.fill(text);
    await box.press('Enter');
    await drawer.getByTestId('chat-message').filter({ hasText: text }).waitFor();
    await screenshot(page, 'wallet-vip-chat');

    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    assert.deepEqual(errors, []);
    assert.deepEqual(phone.errors, []);
  });
});
