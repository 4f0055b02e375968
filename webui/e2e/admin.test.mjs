// The operators' console against the real binary: an admin bans a VIP who is chatting in another
// browser: the VIP's socket closes at once, their screen signs them out, and a message sent with
// the credentials they held is refused and reaches nobody; the console works on a 460 px wide
// phone; a member opening /en/admin is told it is not for them and the server refuses them.
// Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, DEMO_USERS, DESKTOP, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

const t = messages('en');

/** How soon a ban must have closed the banned member's socket. */
const CLOSE_WITHIN_MS = 3000;
/** How long a message sent after the ban is watched for on another member's screen. */
const QUIET_MS = 1500;
/** The room the chat drawer joins. */
const CHAT_ROOM = 'chat';

describe('admin console', { skip: suiteSkip() }, () => {
  const site = useSite();

  /** Opens the chat drawer from the side toolbar (desktop) and waits until the room is joined. */
  async function openChat(page) {
    await page.getByTestId('side-toolbar').getByRole('button', { name: 'Chat' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.getByTestId('chat-online').waitFor();
    return drawer;
  }

  /** Finds a member in the console by email and opens their panel. */
  async function openMember(page, email) {
    const searched = page.waitForResponse((response) => response.url().endsWith('/api/request') && (response.request().postData() ?? '').includes(`"q":"${email}"`));
    await page.getByTestId('admin-members-search').fill(email);
    await searched;
    const rows = page.getByTestId('admin-member-row');
    await rows.filter({ hasText: email }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-member-row"]').length === 1);
    await rows.filter({ hasText: email }).click();
    const panel = page.getByTestId('admin-member-panel');
    await panel.getByTestId('member-ban').waitFor();
    return panel;
  }

  test('banning a chatting member closes their socket at once and their next message reaches nobody', async () => {
    const stamp = Date.now().toString(36);
    const before = `Still here ${stamp}`;
    const after = `Sent after the ban ${stamp}`;

    // The VIP chats; their sockets are watched from before the signed-in page opens them.
    const vip = await site.open(DESKTOP);
    await site.logIn(vip.page, 'vip');
    const closed = [];
    vip.page.on('websocket', (ws) => ws.on('close', () => closed.push(Date.now())));
    await vip.page.reload();
    const vipChat = await openChat(vip.page);

    // Another admin's browser watches the room.
    const watcher = await site.signedIn('admin', DESKTOP);
    const watcherChat = await openChat(watcher.page);

    const box = vipChat.getByRole('textbox', { name: 'Say something…' });
    await box.fill(before);
    await box.press('Enter');
    await watcherChat.getByTestId('chat-message').filter({ hasText: before }).waitFor();
    // What the VIP's browser holds to act as them (the session cookies), kept to try again after the ban.
    const credentials = await vip.context.cookies();

    // The admin finds the VIP in the console and bans them for a day.
    const admin = await site.signedIn('admin', DESKTOP);
    await admin.page.goto(`${site.url}/en/admin`);
    await admin.page.getByRole('heading', { name: t('admin.members.title') }).waitFor();
    const panel = await openMember(admin.page, DEMO_USERS.vip.username);
    assert.ok((await panel.getByTestId('member-session').count()) >= 1, 'the VIP has a live session');
    await panel.getByTestId('member-ban-reason').fill(`Flooding the room ${stamp}`);
    await panel.getByRole('radio', { name: t('admin.frame.duration.day') }).check({ force: true });
    await panel.getByTestId('member-ban-open').click();
    const confirmed = admin.page.waitForResponse((response) => response.url().endsWith('/api/request') && response.request().postData()?.includes('"admin.ban"'));
    await admin.page.getByTestId('member-ban-confirm-confirm').click();
    assert.equal((await confirmed).status(), 200);
    const bannedAt = Date.now();
    await admin.page.getByText(t('admin.members.done.ban'), { exact: true }).waitFor();
    await panel.getByTestId('member-ban-state').waitFor();
    assert.equal(await panel.getByTestId('member-session').count(), 0, 'no session is left');
    await screenshot(admin.page, 'admin-ban');

    // The VIP's socket closed at once (not at a later poll).
    const deadline = bannedAt + CLOSE_WITHIN_MS;
    while (closed.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(closed.length > 0, `the banned member's socket closed within ${CLOSE_WITHIN_MS} ms`);

    // Their screen learns the session ended: the chat asks them to log in instead of offering the
    // box, nothing more of theirs reaches the room, and the server refuses their requests.
    await box.waitFor({ state: 'detached', timeout: CLOSE_WITHIN_MS });
    await vipChat.getByText(t('common.chat.joinPrompt'), { exact: true }).waitFor();
    await screenshot(vip.page, 'admin-banned-member');
    // Even with the credentials their browser held before the ban, a message is refused and
    // reaches nobody.
    await vip.context.addCookies(credentials);
    const refused = await callAction(vip.page, 'utils.chat', { text: after, room: CHAT_ROOM, clientId: `after-${stamp}` });
    assert.equal(refused.statusCode, 401, JSON.stringify(refused));
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    assert.equal(await watcherChat.getByTestId('chat-message').filter({ hasText: after }).count(), 0, 'no message after the ban');
    // Signing in again is refused while the ban lasts.
    const again = await callAction(vip.page, 'auth.login', { provider: 'PASSWORD', ...DEMO_USERS.vip });
    assert.ok(again.statusCode >= 400, 'a banned member cannot sign in again');

    // The ban is in the audit log with what it changed.
    await admin.page.goto(`${site.url}/en/admin/audit`);
    const entry = admin.page.getByTestId('audit-row').filter({ hasText: 'admin.ban' }).first();
    await entry.waitFor();
    await entry.click();
    const detail = admin.page.getByTestId('audit-detail');
    await detail.getByTestId('audit-after').getByText(`Flooding the room ${stamp}`, { exact: false }).waitFor();
    await screenshot(admin.page, 'admin-audit');

    assert.deepEqual(admin.errors, []);
  });

  test('the console works on a 460 px wide phone', async () => {
    const { page, errors } = await site.signedIn('admin', { viewport: { width: 460, height: 900 }, isMobile: true, hasTouch: true });
    await page.goto(`${site.url}/en/admin`);
    await page.getByRole('heading', { name: t('admin.members.title') }).waitFor();
    assert.equal(await page.getByTestId('admin-nav').isVisible(), false, 'no sidebar on a phone');
    const rows = page.getByTestId('admin-member-row');
    await rows.first().waitFor();
    // Nothing overflows the screen sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    await screenshot(page, 'admin-phone-members');

    // The member panel takes the whole screen.
    await rows.filter({ hasText: DEMO_USERS.member.username }).click();
    const panel = page.getByTestId('admin-member-panel');
    await panel.getByTestId('member-ban').waitFor();
    const box = await panel.boundingBox();
    assert.equal(Math.round(box.width), 460);
    await screenshot(page, 'admin-phone-member');
    await panel.getByRole('button', { name: t('admin.frame.back') }).click();
    await panel.waitFor({ state: 'detached' });

    // The section menu moves between sections.
    await page.getByTestId('admin-section-menu').click();
    await page.getByRole('menuitem', { name: t('admin.frame.nav.audit') }).click();
    await page.getByRole('heading', { name: t('admin.audit.title') }).waitFor();
    await page.getByTestId('audit-row').first().waitFor();
    await screenshot(page, 'admin-phone-audit');
    assert.deepEqual(errors, []);
  });

  test('a member opening /en/admin is told it is not for them, and the server refuses them', async () => {
    const { page, errors } = await site.signedIn('member', DESKTOP);
    await page.goto(`${site.url}/en/admin`);
    await page.getByTestId('admin-forbidden').getByText(t('admin.frame.forbidden')).waitFor();
    assert.equal(await page.getByTestId('admin-member-row').count(), 0);
    const refused = await callAction(page, 'admin.members', {});
    assert.equal(refused.statusCode, 403);
    await screenshot(page, 'admin-forbidden');
    assert.deepEqual(errors, []);
  });
});
