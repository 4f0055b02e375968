// The live chat against the real binary: a VIP and an admin chat live in two
// browser contexts, a member without the right sees the 'no access' notice,
// the admin deletes a message and it disappears for both, a reload resumes
// the history. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('live chat', { skip: suiteSkip() }, () => {
  const site = useSite();

  /**
   * A page of `who`, logged in through the API from the page itself (so the
   * httpOnly cookies land in the context), then reloaded as a member.
   */
  async function signedInPage(who, options = {}) {
    const { context, page, errors } = await site.open(options);
    const network = await cuttableSocket(context);
    await site.logIn(page, who);
    await page.reload();
    return { context, page, errors, network };
  }

  /**
   * Passes the context's websockets through a proxy that the test can cut:
   * while cut, the open socket is closed and new ones are refused.
   */
  async function cuttableSocket(context) {
    let cut = false;
    const open = new Set();
    await context.routeWebSocket(/\/api\/ws/, (ws) => {
      if (cut) {
        ws.close({ code: 4000, reason: 'cut' });
        return;
      }
      ws.connectToServer();
      open.add(ws);
    });
    return {
      cut() {
        cut = true;
        for (const ws of open) ws.close({ code: 4000, reason: 'cut' });
        open.clear();
      },
      restore() {
        cut = false;
      },
    };
  }

  /** Opens the chat drawer from the side toolbar (desktop) and waits until the room is joined. */
  async function openChat(page, { joined = true } = {}) {
    await page.getByTestId('side-toolbar').getByRole('button', { name: 'Chat' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.waitFor();
    if (joined) await drawer.getByTestId('chat-online').waitFor();
    return drawer;
  }

  async function send(drawer, text) {
    const box = drawer.getByRole('textbox', { name: 'Say something…' });
    await box.fill(text);
    await box.press('Enter');
    await drawer.getByTestId('chat-message').filter({ hasText: text }).waitFor();
  }

  test('two members chat live, an admin deletes for everyone, a reload resumes', async () => {
    const stamp = Date.now().toString(36);
    const fromVip = `Hello from the VIP ${stamp}`;
    const fromAdmin = `Welcome, admin here ${stamp}`;
    const toDelete = `This one breaks the rules ${stamp}`;

    const vip = await signedInPage('vip', DESKTOP);
    const admin = await signedInPage('admin', { ...DESKTOP, colorScheme: 'dark' });
    const [vipChat, adminChat] = await Promise.all([openChat(vip.page), openChat(admin.page)]);

    await send(vipChat, fromVip);
    await adminChat.getByTestId('chat-message').filter({ hasText: fromVip }).waitFor({ timeout: 5000 });
    await send(adminChat, fromAdmin);
    await vipChat.getByTestId('chat-message').filter({ hasText: fromAdmin }).waitFor({ timeout: 5000 });
    await assertOnline(vipChat, 2);

    // The send throttle is 2 s per member.
    await vip.page.waitForTimeout(2100);
    await send(vipChat, toDelete);
    const doomed = adminChat.getByTestId('chat-message').filter({ hasText: toDelete });
    await doomed.waitFor({ timeout: 5000 });
    await screenshot(vip.page, 'chat-desktop-light');

    // The VIP may delete only their own messages; the admin any.
    assert.equal(await vipChat.getByTestId('chat-message').filter({ hasText: fromAdmin }).getByRole('button', { name: 'Delete message' }).count(), 0);
    await doomed.hover();
    await doomed.getByRole('button', { name: 'Delete message' }).click();
    const confirm = admin.page.getByRole('dialog').filter({ hasText: 'Delete this message?' });
    await confirm.waitFor();
    await screenshot(admin.page, 'chat-delete-confirm-dark');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.page.getByText('Message deleted', { exact: true }).waitFor();
    await doomed.waitFor({ state: 'detached', timeout: 5000 });
    await vipChat.getByTestId('chat-message').filter({ hasText: toDelete }).waitFor({ state: 'detached', timeout: 5000 });

    // A reload shows the history: both messages, not the deleted one.
    await vip.page.reload();
    const again = await openChat(vip.page);
    await again.getByTestId('chat-message').filter({ hasText: fromAdmin }).waitFor();
    await again.getByTestId('chat-message').filter({ hasText: fromVip }).waitFor();
    assert.equal(await again.getByTestId('chat-message').filter({ hasText: toDelete }).count(), 0);

    // Back in the room after the reload, the VIP sees the admin live again.
    const live = `Still here ${stamp}`;
    await admin.page.waitForTimeout(2100);
    await send(adminChat, live);
    await again.getByTestId('chat-message').filter({ hasText: live }).waitFor({ timeout: 5000 });
    await screenshot(admin.page, 'chat-desktop-dark');

    // The VIP's connection drops; what is said meanwhile arrives after the reconnect (join_room with lastSeq).
    vip.network.cut();
    await again.getByRole('status').filter({ hasText: /Reconnecting|Connecting/ }).waitFor();
    const missed = `Said while you were away ${stamp}`;
    await admin.page.waitForTimeout(2100);
    await send(adminChat, missed);
    await vip.page.waitForTimeout(500);
    assert.equal(await again.getByTestId('chat-message').filter({ hasText: missed }).count(), 0);
    await screenshot(vip.page, 'chat-reconnecting');
    vip.network.restore();
    // The network is back, as the browser says with an online event: the socket retries at once
    // instead of waiting out a backoff that grew while the network was cut.
    await vip.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await again.getByTestId('chat-message').filter({ hasText: missed }).waitFor({ timeout: 30_000 });
    await again.getByTestId('chat-online').waitFor();
    assert.equal(await again.getByTestId('chat-message').filter({ hasText: missed }).count(), 1, 'replayed once');

    assert.deepEqual(vip.errors, []);
    assert.deepEqual(admin.errors, []);
  });

  test('at the beginning of the history the first author line is in full view', async () => {
    const { page, errors } = await signedInPage('vip', DESKTOP);
    const drawer = await openChat(page);
    await assertFirstAuthorShown(page, drawer, 'chat-desktop-beginning');
    assert.deepEqual(errors, []);
  });

  test('a member whose level cannot chat reads the history and sees which levels can', async () => {
    const { page, errors } = await signedInPage('member', MOBILE);
    await page.getByTestId('tab-bar').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog', { name: 'Create' }).getByText('Join the chat').click();
    const drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.waitFor();
    const notice = drawer.getByTestId('chat-no-access');
    await notice.waitFor();
    assert.match(await notice.innerText(), /Levels that can: Lv2 Apprentice, .*VIP/);
    assert.equal(await drawer.getByRole('textbox').count(), 0);
    await drawer.getByTestId('chat-message').first().waitFor();
    const box = await drawer.boundingBox();
    assert.equal(Math.round(box.height), 844, 'the drawer is full height on a phone');
    assert.equal(Math.round(box.width), 390, 'and full width');
    await page.waitForTimeout(300);
    await screenshot(page, 'chat-mobile-no-access');
    await assertFirstAuthorShown(page, drawer, 'chat-mobile-beginning');
    await notice.getByRole('link', { name: 'See the membership levels' }).click();
    await page.waitForURL(`${site.url}/en/account/membership`);
    assert.deepEqual(errors, []);
  });

  test('a guest reads the history and is asked to log in', async () => {
    const { page } = await site.open(MOBILE);
    await page.goto(`${site.url}/en`);
    await page.getByTestId('tab-bar').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog', { name: 'Create' }).getByText('Join the chat').click();
    const drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.getByTestId('chat-message').first().waitFor();
    await drawer.getByTestId('chat-join-prompt').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: /Log in/ }).first().waitFor();
  });
});

/** Scrolls the chat to its beginning: the first message's author line sits below the drawer's title bar and in the list. */
async function assertFirstAuthorShown(page, drawer, name) {
  const list = drawer.getByTestId('chat-messages');
  const beginning = drawer.getByText('This is the beginning of the chat');
  // Scrolling to the top loads the older pages one by one; the list keeps its place as each arrives.
  for (let i = 0; i < 15; i++) {
    await list.evaluate((node) => node.scrollTo(0, 0));
    await page.waitForTimeout(400);
    if ((await beginning.count()) > 0 && (await list.evaluate((node) => node.scrollTop)) === 0) break;
  }
  await page.waitForTimeout(300);
  await screenshot(page, name);
  const title = await drawer.getByRole('heading', { name: 'Chat room' }).locator('..').boundingBox();
  const listBox = await list.boundingBox();
  const author = await drawer.getByTestId('chat-message').first().getByRole('link', { name: 'Souk Admin', exact: true }).boundingBox();
  assert.ok(author.y >= title.y + title.height, `the first author line (top ${author.y}) is below the title bar (bottom ${title.y + title.height})`);
  assert.ok(author.y >= listBox.y && author.y + author.height <= listBox.y + listBox.height, 'and inside the list');
}

async function assertOnline(drawer, count) {
  const text = await drawer.getByTestId('chat-online').innerText();
  assert.equal(text, `${count} online`);
}
