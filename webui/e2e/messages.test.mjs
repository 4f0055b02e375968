// Private messages, follows and notifications against the real binary: the
// admin writes to the VIP from the VIP's profile; the VIP, open in two browser
// contexts (desktop light, phone dark), sees the message and the badge arrive
// live in both; opening it clears both badges; the admin follows the VIP and
// the follow notification arrives live. A member without directMessages sees
// the lock. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('private messages and notifications', { skip: suiteSkip() }, () => {
  const site = useSite();

  /**
   * A page of `who`, logged in through the API from the page itself (so the
   * cookies land in the context), reloaded as a member, with its inbox live:
   * resolves once the socket has said where the inbox stands (inbox_synced).
   */
  const signedInPage = (who, options) => site.signedIn(who, options, { synced: true });

  /**
   * The header's private-message and notification buttons, labelled with their unread counts
   * (found by test id: an open dialog hides the header from the accessibility tree).
   */
  const messagesButton = (page, unread) =>
    page.locator(`header [data-testid=header-messages][aria-label="${unread ? `Private messages (${unread} unread)` : 'Private messages'}"]`);
  const notificationsButton = (page, unread) =>
    page.locator(`header [data-testid=header-notifications][aria-label="${unread ? `Notifications (${unread} unread)` : 'Notifications'}"]`);

  test('a message and a follow arrive live on every session of the recipient; reading clears the badges everywhere', async () => {
    const stamp = Date.now().toString(36);
    const text = `Hello VIP, a note from the admin ${stamp}\nSecond line.`;

    const [admin, vipDesk, vipPhone] = await Promise.all([
      signedInPage('admin', DESKTOP),
      signedInPage('vip', DESKTOP),
      signedInPage('vip', { ...MOBILE, colorScheme: 'dark' }),
    ]);
    const vip = vipDesk.user;
    await Promise.all([messagesButton(vipDesk.page).waitFor(), messagesButton(vipPhone.page).waitFor()]);

    // The admin writes from the VIP's profile.
    await admin.page.goto(`${site.url}/en/profile/${vip.gqSlug}-${vip.databaseId}`);
    await admin.page.getByTestId('follow-counts').waitFor();
    await admin.page.getByRole('button', { name: 'Message', exact: true }).click();
    const adminBox = admin.page.getByRole('dialog', { name: 'Private messages' });
    const input = adminBox.getByRole('textbox', { name: 'Write a message…' });
    await input.fill(text);
    assert.equal(await input.getAttribute('rows'), '3');
    await input.press('Enter');
    await adminBox.getByTestId('private-message').filter({ hasText: `a note from the admin ${stamp}` }).waitFor();
    assert.equal(await input.inputValue(), '');
    await screenshot(admin.page, 'messages-sent-desktop-light');

    // Both of the VIP's sessions see it arrive, with the badge.
    await Promise.all([messagesButton(vipDesk.page, 1).waitFor({ timeout: 5000 }), messagesButton(vipPhone.page, 1).waitFor({ timeout: 5000 })]);
    await screenshot(vipPhone.page, 'messages-badge-mobile-dark');

    // The desktop session opens it: the conversation is read, and both badges clear.
    await messagesButton(vipDesk.page, 1).click();
    const vipBox = vipDesk.page.getByRole('dialog', { name: 'Private messages' });
    const recent = vipBox.getByTestId('message-recent').filter({ hasText: admin.user.name });
    await recent.getByLabel('1 unread').waitFor();
    await screenshot(vipDesk.page, 'messages-recents-desktop-light');
    await recent.click();
    const received = vipBox.getByTestId('private-message').filter({ hasText: `a note from the admin ${stamp}` });
    await received.waitFor();
    assert.match(await received.innerText(), /admin .*\nSecond line\./, 'line breaks are kept, as text');
    await Promise.all([messagesButton(vipDesk.page).waitFor({ timeout: 5000 }), messagesButton(vipPhone.page).waitFor({ timeout: 5000 })]);
    await screenshot(vipDesk.page, 'messages-conversation-desktop-light');

    // The VIP answers; the admin, with the box open on the conversation, sees it live and stays read.
    await vipBox.getByRole('textbox', { name: 'Write a message…' }).fill(`Thanks! ${stamp}`);
    await vipBox.getByRole('button', { name: 'Send', exact: true }).click();
    await adminBox.getByTestId('private-message').filter({ hasText: `Thanks! ${stamp}` }).waitFor({ timeout: 5000 });
    await messagesButton(admin.page).waitFor();

    // The phone session shows the conversation too (full screen, back to the list).
    await messagesButton(vipPhone.page).click();
    const phoneBox = vipPhone.page.getByRole('dialog', { name: 'Private messages' });
    await phoneBox.getByTestId('message-recent').filter({ hasText: admin.user.name }).click();
    await phoneBox.getByTestId('private-message').filter({ hasText: `Thanks! ${stamp}` }).waitFor();
    const box = await phoneBox.boundingBox();
    assert.equal(Math.round(box.width), 390, 'the box is full width on a phone');
    await vipPhone.page.waitForTimeout(300);
    await screenshot(vipPhone.page, 'messages-conversation-mobile-dark');
    await phoneBox.getByRole('button', { name: 'Close' }).click();

    // The admin deletes their message, after confirming; it disappears for the VIP too.
    const own = adminBox.getByTestId('private-message').filter({ hasText: `a note from the admin ${stamp}` });
    await own.hover();
    await own.getByRole('button', { name: 'Delete message' }).click();
    const confirm = admin.page.getByTestId('message-delete-confirm');
    await confirm.waitFor();
    await screenshot(admin.page, 'messages-delete-confirm-desktop-light');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.page.getByText('Message deleted', { exact: true }).waitFor();
    await received.waitFor({ state: 'detached', timeout: 5000 });
    await adminBox.getByRole('button', { name: 'Close' }).click();

    // The admin follows the VIP: the counts change and the VIP's sessions get the notification live.
    const followers = Number(await admin.page.getByTestId('follow-followers').innerText());
    await admin.page.getByTestId('follow-button').click();
    await admin.page.getByTestId('follow-button').and(admin.page.locator('[aria-pressed=true]')).waitFor();
    assert.equal(Number(await admin.page.getByTestId('follow-followers').innerText()), followers + 1);
    await screenshot(admin.page, 'profile-following-desktop-light');
    await Promise.all([notificationsButton(vipDesk.page, 1).waitFor({ timeout: 5000 }), notificationsButton(vipPhone.page, 1).waitFor({ timeout: 5000 })]);

    await notificationsButton(vipPhone.page, 1).click();
    const drawer = vipPhone.page.getByRole('dialog', { name: 'Notifications' });
    const follow = drawer.getByTestId('notification').filter({ hasText: `${admin.user.name} started following you` });
    await follow.waitFor();
    assert.equal(await follow.getByRole('link', { name: admin.user.name }).getAttribute('href'), `/en/profile/${admin.user.gqSlug}-${admin.user.databaseId}`);
    await vipPhone.page.waitForTimeout(300);
    await screenshot(vipPhone.page, 'notifications-mobile-dark');

    // The account page lists it too; marking all read clears the badge on both sessions.
    await vipDesk.page.goto(`${site.url}/en/account/notification`);
    const list = vipDesk.page.getByTestId('notification-page');
    await list.getByTestId('notification').filter({ hasText: 'started following you' }).waitFor();
    await vipDesk.page.waitForTimeout(200);
    await screenshot(vipDesk.page, 'notifications-page-desktop-light');
    await list.getByRole('button', { name: 'Mark all read' }).click();
    await Promise.all([notificationsButton(vipDesk.page).waitFor({ timeout: 5000 }), notificationsButton(vipPhone.page).waitFor({ timeout: 5000 })]);
    await vipDesk.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(vipDesk.page, 'notifications-page-desktop-dark');

    // The user menu's links count in place.
    await vipDesk.page.getByTestId('user-menu').click();
    await vipDesk.page.getByRole('menuitem', { name: 'Private messages' }).click();
    await vipDesk.page.getByRole('dialog', { name: 'Private messages' }).getByTestId('message-recent').first().waitFor();
    await vipDesk.page.waitForTimeout(200);
    await screenshot(vipDesk.page, 'messages-recents-desktop-dark');

    assert.deepEqual(admin.errors, []);
    assert.deepEqual(vipDesk.errors, []);
    assert.deepEqual(vipPhone.errors, []);
  });

  test('a member whose level has no directMessages sees the lock, with a close button', async () => {
    const { page, errors } = await signedInPage('member', MOBILE);
    await messagesButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Private messages' });
    const lock = dialog.getByTestId('message-lock');
    await lock.getByText('Your level does not allow private messages').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'messages-locked-mobile-light');
    await lock.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });
});
