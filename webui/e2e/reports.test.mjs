// Reports and the moderation queue against the real binary: the admin says something in the
// chat, the VIP reports it with a screenshot uploaded through the media library, the report
// arrives live in the admin's open queue (/account/reports), the admin looks at the screenshot
// and dismisses the report, and it leaves the queue. A member who is no admin finds no queue.
// Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, rgbPng, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('reports', { skip: suiteSkip() }, () => {
  const site = useSite();

  /** A page of `who`, logged in through the API from the page itself, then reloaded as a member. */
  const signedInPage = (who, options) => site.signedIn(who, options);

  /** Opens the chat drawer from the side toolbar (desktop) and waits until the room is joined. */
  async function openChat(page) {
    await page.getByTestId('side-toolbar').getByRole('button', { name: 'Chat' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chat room' });
    await drawer.getByTestId('chat-online').waitFor();
    return drawer;
  }

  test('a member reports a chat message with a screenshot; it reaches the admin’s queue live and leaves once dismissed', async () => {
    const stamp = Date.now().toString(36);
    const offending = `Buy cheap followers at spam.example ${stamp}`;
    const complaint = `This is advertising, posted again and again ${stamp}`;

    const admin = await signedInPage('admin', DESKTOP);
    const vip = await signedInPage('vip', DESKTOP);

    // The admin says something the VIP will report (any member's message would do).
    const adminChat = await openChat(admin.page);
    const box = adminChat.getByRole('textbox', { name: 'Say something…' });
    await box.fill(offending);
    await box.press('Enter');
    await adminChat.getByTestId('chat-message').filter({ hasText: offending }).waitFor();

    // The admin watches the open queue, empty so far.
    await admin.page.goto(`${site.url}/en/account/reports`);
    await admin.page.getByRole('heading', { name: 'Moderation queue' }).waitFor();
    const queue = admin.page.getByTestId('report-queue');
    await queue.getByText('No open reports: all clear').waitFor();

    // The VIP reports the message from its menu.
    const vipChat = await openChat(vip.page);
    const message = vipChat.getByTestId('chat-message').filter({ hasText: offending });
    await message.waitFor({ timeout: 5000 });
    await message.hover();
    await message.getByRole('button', { name: 'More actions' }).click();
    await vip.page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = vip.page.getByRole('dialog', { name: 'Report' });
    await dialog.getByTestId('report-dialog').waitFor();
    assert.match(await dialog.innerText(), new RegExp(`Buy cheap followers at spam\\.example ${stamp}`));

    // Nothing is sent without a reason, then without a text.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await vip.page.getByText('Please choose a reason', { exact: true }).waitFor();
    await dialog.getByText('Advertising', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await vip.page.getByText('Please describe what happened', { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: /What happened/ }).fill(complaint);

    // A screenshot, uploaded through the media library (limit 4) and inserted.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const library = vip.page.getByRole('dialog', { name: 'Media library: images' });
    await library.waitFor();
    await library.getByRole('tab', { name: 'Upload' }).click();
    await library.getByTestId('media-upload-input').setInputFiles({ name: `evidence-${stamp}.png`, mimeType: 'image/png', buffer: png(64, 48) });
    await library.getByTestId('media-selected-count').filter({ hasText: '1 of 4 selected' }).waitFor({ timeout: 15_000 });
    await screenshot(vip.page, 'report-library');
    await library.getByTestId('media-insert').click();
    await library.waitFor({ state: 'detached' });
    const shots = dialog.getByTestId('report-screenshots').getByRole('img');
    await shots.first().waitFor();
    assert.equal(await shots.count(), 1);
    await screenshot(vip.page, 'report-dialog');

    await dialog.getByRole('button', { name: 'Send report' }).click();
    await vip.page.getByText('Thank you, your report was sent to the moderators', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // It arrives in the admin's open queue without a reload.
    const row = queue.getByTestId('report-row').filter({ hasText: offending });
    await row.waitFor({ timeout: 10_000 });
    assert.equal(await row.getByTestId('report-type').innerText(), 'Advertising');
    assert.equal(await row.getByTestId('report-content').innerText(), complaint);
    await row.getByRole('link', { name: 'Valeria VIP' }).waitFor();
    await row.getByRole('link', { name: 'Souk Admin' }).waitFor();
    await screenshot(admin.page, 'report-queue');

    // The screenshot opens in the image viewer.
    await row.getByRole('button', { name: 'Screenshot 1' }).click();
    const viewer = admin.page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor();
    const picture = viewer.getByRole('img').first();
    await picture.waitFor();
    assert.match(await picture.getAttribute('src'), /^\/api\/media\//);
    assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth === 64), 'the screenshot is served');
    await admin.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Dismissed after a confirmation: it leaves the queue.
    await row.getByRole('button', { name: 'Dismiss' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Dismiss this report?' });
    await confirm.waitFor();
    await admin.page.waitForTimeout(300);
    await screenshot(admin.page, 'report-confirm');
    await confirm.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await admin.page.getByText('Report dismissed', { exact: true }).waitFor();
    await row.waitFor({ state: 'detached', timeout: 5000 });
    await queue.getByText('No open reports: all clear').waitFor();

    // It is among the resolved ones.
    await queue.getByRole('tab', { name: 'Resolved' }).click();
    const resolved = queue.getByTestId('report-row').filter({ hasText: offending });
    await resolved.waitFor();
    await resolved.getByText('Dismissed', { exact: true }).waitFor();

    assert.deepEqual(vip.errors, []);
    assert.deepEqual(admin.errors, []);
  });

  test('a member who is no admin finds no queue', async () => {
    const { page, errors } = await signedInPage('member', DESKTOP);
    await page.goto(`${site.url}/en/account/reports`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto(`${site.url}/en/account`);
    await page.getByRole('link', { name: 'Wallet' }).first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'Reports', exact: true }).count(), 0);
    assert.deepEqual(errors, []);
  });
});

/** A small opaque PNG of `width` × `height` pixels (a diagonal gradient). */
function png(width, height) {
  return rgbPng(width, height, (x, y) => [(x * 4) & 255, (y * 5) & 255, 160]);
}
