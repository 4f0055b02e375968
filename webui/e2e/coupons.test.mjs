// Coupons and tickets against the real binary: the admin makes a giftable
// coupon for the VIP; the VIP opens it on /account/coupons, searches the
// member, gives it (the gift button is disabled until a recipient is chosen);
// the member, on their own coupons page in another browser context, sees the
// coupon arrive live, and the notification badge. Then the member opens a
// support ticket and the admin's reply appears live in the member's thread.
// Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('coupons and tickets', { skip: suiteSkip() }, () => {
  const site = useSite();

  /**
   * A page of `who`, logged in through the API from the page itself, reloaded as a member with the
   * socket ready. Every frame its websockets receive is kept (`frames`) for `socketSaid`.
   */
  async function signedInPage(who, options = {}) {
    const { context, page, errors } = await site.open(options);
    const frames = [];
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') frames.push(payload);
      });
    });
    const user = await site.logIn(page, who);
    const seen = frames.length;
    await page.reload();
    const session = { context, page, errors, user, frames };
    await socketSaid(session, '"inbox_synced"', seen);
    return session;
  }

  /** Resolves with the first frame after index `from` containing text; fails after timeoutMs. */
  async function socketSaid(session, text, from = 0, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = session.frames.slice(from).find((payload) => payload.includes(text));
      if (frame) return frame;
      if (Date.now() > deadline) throw new Error(`the socket did not say ${text} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Calls an action from the page (its cookies), resolving to the JSON reply. */
  const call = (page, action, data) => callAction(page, action, data, { lang: 'en', currency: 'CNY' });

  test('a coupon given by one member appears live for the other', { timeout: 120_000 }, async () => {
    const stamp = Date.now().toString(36);
    const [admin, vip, member] = await Promise.all([
      signedInPage('admin', DESKTOP),
      signedInPage('vip', DESKTOP),
      signedInPage('member', { ...MOBILE, colorScheme: 'dark' }),
    ]);

    // The admin makes the VIP a coupon that may be given.
    const name = `Gift coupon ${stamp}`;
    const made = await call(admin.page, 'admin.createCoupons', {
      count: 1,
      ownerIds: [vip.user.databaseId],
      template: {
        name: { en: name, es: name, 'zh-hans': name },
        type: 'cash',
        faceValue: { currency: 'CNY', amount: '8.5' },
        allowPush: true,
        expiredTime: 0,
        redeem: { type: 'none' },
        useRestrict: { type: 'none' },
        restrictedType: 'other',
        description: { en: 'A coupon to give away' },
      },
    });
    assert.equal(made.codes?.length, 1, JSON.stringify(made));
    const [code] = made.codes;

    // The member watches their own coupons.
    await member.page.goto(`${site.url}/en/account/coupons`);
    await member.page.getByTestId('coupons-page').waitFor();
    await member.page.getByRole('tablist').waitFor();

    // The VIP opens the coupon: every field, then gives it.
    await vip.page.goto(`${site.url}/en/account/coupons`);
    const card = vip.page.locator(`[data-testid=coupon-card][data-code="${code}"]`);
    await card.waitFor();
    assert.match(await card.innerText(), /8\.50/);
    await card.click();
    const dialog = vip.page.getByRole('dialog', { name });
    await dialog.getByTestId('coupon-info').waitFor();
    await dialog.getByText(code).waitFor();
    const gift = dialog.getByTestId('coupon-gift');
    assert.equal(await gift.isDisabled(), true, 'no recipient: the gift button is disabled');
    await dialog.getByTestId('coupon-recipient-search').fill(member.user.name);
    await dialog.getByRole('option').filter({ hasText: member.user.name }).first().click();
    await dialog.getByTestId('coupon-recipient').waitFor();
    assert.equal(await gift.isDisabled(), false, 'a recipient: the gift button is enabled');
    await screenshot(vip.page, 'coupons-gift-desktop-light');
    const before = member.frames.length;
    await gift.click();
    await vip.page.getByText('Coupon given successfully', { exact: true }).waitFor();
    await vip.page.locator(`[data-testid=coupon-card][data-code="${code}"]`).waitFor({ state: 'detached' });

    // The member sees it arrive live, without a reload.
    await socketSaid(member, `"${code}"`, before);
    const received = member.page.locator(`[data-testid=coupon-card][data-code="${code}"]`);
    await received.waitFor({ timeout: 5000 });
    assert.match(await received.innerText(), new RegExp(name));
    await member.page.getByText(`You received a coupon: ${name}`, { exact: true }).first().waitFor();
    await screenshot(member.page, 'coupons-received-mobile-dark');

    // Giving it again is refused: it is no longer the VIP's.
    const again = await call(vip.page, 'account.couponPush', { couponCode: code, toUserId: member.user.databaseId });
    assert.ok(again.statusCode >= 400, JSON.stringify(again));

    // An exchange coupon is redeemed into credit: it leaves the unused tab for the used one.
    const exchangeName = `Credit coupon ${stamp}`;
    const exchange = await call(admin.page, 'admin.createCoupons', {
      count: 1,
      ownerIds: [member.user.databaseId],
      template: {
        name: { en: exchangeName, es: exchangeName, 'zh-hans': exchangeName },
        type: 'exchange',
        allowPush: false,
        expiredTime: 0,
        redeem: { type: 'credit', credit: '50' },
        useRestrict: { type: 'none' },
        restrictedType: 'other',
      },
    });
    assert.equal(exchange.codes?.length, 1, JSON.stringify(exchange));
    await member.page.reload();
    const exchangeCard = member.page.locator(`[data-testid=coupon-card][data-code="${exchange.codes[0]}"]`);
    await exchangeCard.click();
    const exchangeDialog = member.page.getByRole('dialog', { name: exchangeName });
    await exchangeDialog.getByText('This coupon cannot be given to another member.').waitFor();
    await exchangeDialog.getByTestId('coupon-redeem').click();
    await member.page.getByText('Coupon redeemed').first().waitFor();
    await exchangeCard.waitFor({ state: 'detached' });
    await exchangeDialog.getByTestId('coupon-status').filter({ hasText: 'Used' }).waitFor();
    await exchangeDialog.getByRole('button', { name: 'Close' }).click();
    await member.page.getByRole('tab', { name: 'Used', exact: true }).click();
    await exchangeCard.waitFor();
    assert.match(await exchangeCard.innerText(), /Used/);

    for (const who of [admin, vip, member]) assert.deepEqual(who.errors, []);
  });

  test('a staff reply to a ticket appears live in the member\u2019s thread', { timeout: 120_000 }, async () => {
    const stamp = Date.now().toString(36);
    const [admin, member] = await Promise.all([signedInPage('admin', DESKTOP), signedInPage('member', DESKTOP)]);

    // The support button opens the new-ticket form.
    await member.page.goto(`${site.url}/en/account/ticket?new=1`);
    const form = member.page.getByTestId('ticket-form');
    await form.waitFor();
    await form.getByTestId('ticket-subject').fill(`Where is my order ${stamp}`);
    await form.getByTestId('ticket-category').selectOption('order');
    await form.getByTestId('ticket-message').fill('It has not arrived yet.');
    await form.getByTestId('ticket-submit').click();
    const thread = member.page.getByTestId('ticket-thread');
    await thread.getByText('It has not arrived yet.').waitFor();
    const ticketId = new URL(member.page.url()).searchParams.get('id');
    assert.ok(ticketId, 'the thread shows at ?id=');

    // The admin answers from the list of every member's tickets.
    await admin.page.goto(`${site.url}/en/account/ticket`);
    await admin.page.getByRole('tab', { name: 'All members' }).click();
    await admin.page.locator(`[data-testid=ticket-row][data-id="${ticketId}"]`).click();
    const staffThread = admin.page.getByTestId('ticket-thread');
    await staffThread.getByText('It has not arrived yet.').waitFor();
    await staffThread.getByTestId('ticket-reply-input').fill(`It ships today ${stamp}`);
    await staffThread.getByTestId('ticket-reply-send').click();

    // The member sees it live.
    await thread.getByText(`It ships today ${stamp}`).waitFor({ timeout: 5000 });
    await thread.getByTestId('ticket-status').filter({ hasText: 'Answered' }).waitFor();
    await screenshot(member.page, 'ticket-reply-desktop-light');

    // The member closes it; the admin's thread follows.
    await thread.getByTestId('ticket-close').click();
    await thread.getByText('This ticket is closed.').waitFor();
    await staffThread.getByTestId('ticket-status').filter({ hasText: 'Closed' }).waitFor({ timeout: 5000 });

    for (const who of [admin, member]) assert.deepEqual(who.errors, []);
  });

  test('an address is picked country by country, saved, modified and deleted', { timeout: 120_000 }, async () => {
    const stamp = Date.now().toString(36);
    const { page, errors } = await signedInPage('member', { ...MOBILE, colorScheme: 'dark' });
    await page.goto(`${site.url}/en/account/addresses`);
    await page.getByTestId('addresses-page').waitFor();
    await page.getByTestId('address-add').click();
    const form = page.getByTestId('address-form');
    await form.waitFor();

    // Nothing is sent before the form is complete.
    await form.getByTestId('address-save').click();
    await form.getByText("Enter the recipient's name").waitFor();

    // The place picker: China, then the first place of each level below it.
    const picker = form.getByTestId('place-picker');
    await picker.getByRole('option').filter({ hasText: /^China$/ }).click();
    const chosen = ['China'];
    for (let level = 1; level <= 3; level += 1) {
      const list = picker.getByRole('listbox');
      if (!(await list.isVisible())) break;
      const first = list.getByRole('option').first();
      await first.waitFor();
      chosen.push((await first.innerText()).trim());
      await first.click();
    }
    assert.ok(chosen.length >= 3, `picked ${chosen.join(' / ')}`);
    await screenshot(page, 'address-picker-mobile-dark');

    await form.getByLabel('Recipient').fill(`Li Lei ${stamp}`);
    await form.getByLabel('Phone').fill('2015550123');
    await form.getByLabel('Street address').fill('1 Tianhe Road');
    await form.getByLabel('Postcode').fill('510000');
    await form.getByTestId('address-save').click();
    await page.getByText('Address saved successfully').first().waitFor();
    const card = page.getByTestId('address-card').filter({ hasText: `Li Lei ${stamp}` });
    await card.waitFor();
    for (const place of chosen.slice(0, 3)) assert.match(await card.innerText(), new RegExp(place));

    // Edit it: the toast says modified.
    await card.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Street address').fill('2 Tianhe Road');
    await form.getByTestId('address-save').click();
    await page.getByText('Address modified successfully').first().waitFor();
    await card.filter({ hasText: '2 Tianhe Road' }).waitFor();
    await screenshot(page, 'addresses-mobile-dark');

    // Delete it after the confirmation.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await card.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });
});
