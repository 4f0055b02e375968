// The operators' content and moderation screens against the real binary: an admin deletes an
// article in bulk and a reader gets Page Not Found, then restores it and the reader sees it again;
// an admin mutes a chatting member from the room's messages and the member's next message is
// refused with the translated notice, until the mute is lifted. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, callAction, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** The chat composer's pace (webui/src/models/ChatMessage.ts). */
const CHAT_SEND_THROTTLE_MS = 2000;

describe('admin content and moderation', { skip: suiteSkip() }, () => {
  const site = useSite();
  const t = messages('en');

  /** Picks the row whose title is `title` and runs a bulk operation on it after the confirmation. */
  async function bulk(page, title, op) {
    const row = page.getByTestId('content-row').filter({ hasText: title });
    await row.getByRole('checkbox').check();
    await page.getByTestId(`content-bulk-${op}`).click();
    await page.getByTestId('content-bulk-confirm-confirm').click();
    await page.getByText(t(`admin.content.bulk.done.${op}_one`, { count: 1 })).first().waitFor();
    return row;
  }

  test('an admin deletes an article in bulk and restores it: the reader gets 404, then the page again', async () => {
    const admin = await site.signedIn('admin', DESKTOP);
    const reply = await callAction(admin.page, 'admin.content', { kind: 'article', status: 'live', first: 1 }, { lang: 'en' });
    const article = reply.edges?.[0]?.node;
    assert.ok(article?.url && article.title, `a live demo article: ${JSON.stringify(reply)}`);

    const reader = await site.open(DESKTOP);
    await reader.page.goto(`${site.url}${article.url}`);
    await reader.page.getByRole('heading', { name: article.title }).first().waitFor();

    await admin.page.goto(`${site.url}/en/admin/content`);
    // The search answers before anything is picked: a new search forgets the picks.
    const searched = admin.page.waitForResponse((r) => r.url().includes('/api/request') && /"action":"admin.content".*"q":/.test(r.request().postData() ?? ''));
    await admin.page.getByTestId('content-search').fill(article.title);
    await searched;
    const row = admin.page.getByTestId('content-row').filter({ hasText: article.title });
    await row.waitFor();
    await screenshot(admin.page, 'admin-content-articles');
    await bulk(admin.page, article.title, 'delete');
    await row.waitFor({ state: 'detached' });
    await screenshot(admin.page, 'admin-content-deleted');

    // The article's page is in its own language (its URL's prefix).
    const gone = await reader.page.goto(`${site.url}${article.url}`);
    assert.equal(gone.status(), 404);
    await reader.page.getByRole('heading', { name: messages(article.lang || 'zh-hans')('common.error.notFoundTitle') }).waitFor();
    await screenshot(reader.page, 'admin-content-reader-404');

    // The deleted tab holds it; restoring it brings the reader's page back.
    await admin.page.getByTestId('content-status-filter').getByRole('tab', { name: t('admin.content.status.deleted') }).click();
    await row.waitFor();
    assert.equal(await row.getByTestId('content-status').getAttribute('data-status'), 'deleted');
    await bulk(admin.page, article.title, 'restore');
    await row.waitFor({ state: 'detached' });
    // On a phone the table's rows stack their cells, each under its column's label.
    await admin.page.setViewportSize({ width: 460, height: 900 });
    await admin.page.getByTestId('content-status-filter').getByRole('tab', { name: t('admin.content.status.all') }).click();
    await row.waitFor();
    await screenshot(admin.page, 'admin-content-phone');

    await reader.page.goto(`${site.url}${article.url}`);
    await reader.page.getByRole('heading', { name: article.title }).first().waitFor();
    assert.deepEqual(admin.errors, []);
    assert.deepEqual(reader.errors, []);
  });

  /** Opens the chat drawer from the side toolbar and waits until the room is joined. */
  async function openChat(page) {
    await page.getByTestId('side-toolbar').getByRole('button', { name: 'Chat' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.getByTestId('chat-online').waitFor();
    return drawer;
  }

  async function say(drawer, text) {
    const box = drawer.getByRole('textbox', { name: 'Say something…' });
    await box.fill(text);
    await box.press('Enter');
  }

  test('an admin mutes a chatting member: their next message is refused with the translated notice', async () => {
    const stamp = Date.now().toString(36);
    const vip = await site.signedIn('vip', DESKTOP);
    const chat = await openChat(vip.page);
    const before = `Before the mute ${stamp}`;
    await say(chat, before);
    await chat.getByTestId('chat-message').filter({ hasText: before }).waitFor();

    const admin = await site.signedIn('admin', DESKTOP);
    await admin.page.goto(`${site.url}/en/admin/moderation`);
    // The reports queue comes first: the account area's queue, live.
    await admin.page.getByTestId('report-queue').waitFor();
    await screenshot(admin.page, 'admin-moderation-reports');
    await admin.page.getByTestId('moderation-panes').getByRole('tab', { name: t('admin.moderation.pane.chat') }).click();
    await admin.page.getByTestId('room-row').filter({ hasText: '#chat' }).click();
    const message = admin.page.getByTestId('moderation-message').filter({ hasText: before });
    await message.waitFor();
    await message.getByTestId('moderation-mute').click();
    const dialog = admin.page.getByTestId('mute-dialog');
    await dialog.getByText(t('admin.frame.duration.hour')).click();
    await dialog.getByTestId('mute-reason').fill('Flooding the room');
    await dialog.getByTestId('mute-dialog-confirm').click();
    await admin.page.getByText(t('admin.moderation.mute.done')).first().waitFor();
    await admin.page.getByTestId('mute-row').filter({ hasText: 'Flooding the room' }).waitFor();
    await screenshot(admin.page, 'admin-moderation-muted');

    const refused = `While muted ${stamp}`;
    await say(chat, refused);
    const refusedAt = Date.now();
    const notice = t('chat.error.muted').split('{{')[0].trim();
    await vip.page.getByText(notice).first().waitFor({ timeout: 5000 });
    await screenshot(vip.page, 'admin-moderation-muted-member');
    assert.equal(await chat.getByTestId('chat-message').filter({ hasText: refused }).count(), 0, 'the refused message is not shown');
    const history = await callAction(admin.page, 'admin.chatMessages', { room: 'chat', first: 20 });
    assert.ok(JSON.stringify(history).includes(before), 'the history is the chat room');
    assert.ok(!JSON.stringify(history).includes(refused), 'the refused message was not stored');

    // Lifting the mute lets the member speak again at once.
    await admin.page.getByTestId('mute-row').filter({ hasText: 'Flooding the room' }).getByTestId('mute-lift').click();
    await admin.page.getByText(t('admin.moderation.mute.lifted')).first().waitFor();
    // The composer takes one message per CHAT_SEND_THROTTLE_MS: the next one waits for that, not for the server.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, CHAT_SEND_THROTTLE_MS - (Date.now() - refusedAt))));
    const after = `After the mute ${stamp}`;
    await say(chat, after);
    await chat.getByTestId('chat-message').filter({ hasText: after }).waitFor();
    assert.deepEqual(admin.errors, []);
    assert.deepEqual(vip.errors, []);
  });
});
