// Media against the real binary: the VIP writes to the admin from the admin's
// profile, adds an image through the media library (uploaded in 1 MiB chunks,
// then picked and inserted) and sends it; the admin, with the conversation
// open, sees the image arrive live, served by /api/media, and opens it in the
// image viewer. On a phone, the member changes their profile picture through
// the library (a bottom sheet): the server's 256 px square becomes the avatar.
// Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, rgbPng, screenshot, suiteSkip, useSite } from './helpers.mjs';

/**
 * An RGB PNG of `width` × `height`: a colour gradient with noise in it, so that it does not
 * compress and spans more than one 1 MiB chunk.
 */
function noisyPng(width, height) {
  let seed = 7;
  return rgbPng(
    width,
    height,
    (x, y) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = seed % 64;
      return [Math.round((x / width) * 191) + noise, Math.round((y / height) * 191) + (noise >> 1), 160 + (noise >> 2)];
    },
    { level: 0 },
  );
}

describe('media library and images in private messages', { skip: suiteSkip() }, () => {
  const site = useSite();

  /** A page of `who`, logged in through the API, reloaded as a member with its inbox live (inbox_synced). */
  const signedInPage = (who, options) => site.signedIn(who, options, { synced: true });

  /** Opens the conversation with `peer` from their profile's message button; resolves to the box. */
  async function openConversation(page, peer) {
    await page.goto(`${site.url}/en/profile/${peer.gqSlug}-${peer.databaseId}`);
    await page.getByTestId('follow-counts').waitFor();
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    const box = page.getByRole('dialog', { name: 'Private messages' });
    await box.getByRole('textbox', { name: 'Write a message…' }).waitFor();
    return box;
  }

  test('the VIP uploads an image through the library into a private message; the admin sees it live', async () => {
    const stamp = Date.now().toString(36);
    const png = noisyPng(800, 600);
    assert.ok(png.length > 1 << 20, 'the picture spans two chunks');

    const [vip, admin] = await Promise.all([signedInPage('vip', DESKTOP), signedInPage('admin', DESKTOP)]);
    const [vipBox, adminBox] = await Promise.all([openConversation(vip.page, admin.user), openConversation(admin.page, vip.user)]);

    // The library opens on the image tabs; the upload goes up in chunks.
    const uploads = [];
    vip.page.on('request', (request) => {
      if (request.url().endsWith('/api/upload')) uploads.push(request.method());
    });
    await vipBox.getByTestId('message-add-image').click();
    const library = vip.page.getByRole('dialog', { name: /Media library/ });
    await library.waitFor();
    assert.deepEqual(await library.getByRole('tab').allInnerTexts(), ['Upload', 'Library']);
    await library.getByRole('tab', { name: 'Upload' }).click();
    await library.getByTestId('media-upload-input').setInputFiles({ name: `sunset-${stamp}.png`, mimeType: 'image/png', buffer: png });

    // Once complete, the library shows the new picture, picked.
    await library.getByRole('tab', { name: 'Library' }).and(library.locator('[aria-selected=true]')).waitFor({ timeout: 20_000 });
    const picked = library.locator('[data-testid=media-item][aria-pressed=true]');
    await picked.waitFor();
    assert.equal(await picked.count(), 1);
    assert.deepEqual(uploads, ['POST', 'POST']);
    await library.getByTestId('media-selected-count').filter({ hasText: '1 of 1 selected' }).waitFor();
    await vip.page.waitForFunction(() => {
      const image = document.querySelector('[data-testid=media-item][aria-pressed=true] img');
      return image instanceof HTMLImageElement && image.complete && image.naturalWidth === 800;
    });
    await screenshot(vip.page, 'media-library-picked-desktop-light');
    await library.getByTestId('media-insert').click();
    await library.waitFor({ state: 'detached' });

    // The image waits in the composer; it goes with the text.
    await vipBox.locator('[data-testid=message-attachment][data-state=ready]').waitFor();
    const input = vipBox.getByRole('textbox', { name: 'Write a message…' });
    await input.fill(`The view from here ${stamp}`);
    await screenshot(vip.page, 'media-message-attachment-desktop-light');
    await input.press('Enter');
    const sent = vipBox.getByTestId('private-message').filter({ hasText: `The view from here ${stamp}` });
    await sent.getByTestId('private-message-image').waitFor();
    await vipBox.locator('[data-testid=message-attachment]').waitFor({ state: 'detached' });

    // The admin's open conversation shows it live, the picture served by /api/media.
    const received = adminBox.getByTestId('private-message').filter({ hasText: `The view from here ${stamp}` });
    await received.waitFor({ timeout: 5000 });
    const image = received.getByTestId('private-message-image').locator('img');
    assert.match(await image.getAttribute('src'), /^\/api\/media\/\d+\//);
    await admin.page.waitForFunction(
      (text) => {
        const message = [...document.querySelectorAll('[data-testid=private-message]')].find((el) => el.textContent?.includes(text));
        const img = message?.querySelector('[data-testid=private-message-image] img');
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 800 && img.naturalHeight === 600;
      },
      `The view from here ${stamp}`,
    );
    await screenshot(admin.page, 'media-message-received-desktop-light');

    // A click opens the image viewer: zoom in, then escape closes it and the conversation stays.
    await received.getByTestId('private-message-image').click();
    const viewer = admin.page.getByTestId('image-viewer');
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    assert.equal(await viewer.getByTestId('image-viewer-zoom').innerText(), '150%');
    await admin.page.waitForTimeout(200);
    await screenshot(admin.page, 'media-image-viewer-desktop-light');
    await admin.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await received.waitFor();

    assert.deepEqual(vip.errors, []);
    assert.deepEqual(admin.errors, []);
  });

  test('on a phone, a member uploads a picture through the library and makes it their avatar', async () => {
    const { page, errors, user } = await signedInPage('member', { ...MOBILE, colorScheme: 'dark' });
    await page.goto(`${site.url}/en/profile/${user.gqSlug}-${user.databaseId}`);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Tell us about yourself' });
    await profile.getByTestId('profile-avatar-change').click();

    const library = page.getByRole('dialog', { name: /Media library/ });
    await library.getByRole('tab', { name: 'Upload' }).click();
    await library.getByTestId('media-upload-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisyPng(300, 200) });
    const picked = library.locator('[data-testid=media-item][aria-pressed=true]');
    await picked.waitFor({ timeout: 20_000 });
    const box = await library.boundingBox();
    assert.equal(Math.round(box.width), 390, 'the library is a full-width sheet on a phone');
    await page.waitForTimeout(300);
    await screenshot(page, 'media-library-avatar-mobile-dark');
    await library.getByTestId('media-insert').click();

    await page.getByText('Profile picture updated', { exact: true }).waitFor();
    const avatar = profile.getByTestId('profile-avatar');
    assert.match(await avatar.getAttribute('src'), /^\/api\/media\/\d+\//);
    await page.waitForFunction(() => {
      const image = document.querySelector('[data-testid=profile-avatar]');
      return image instanceof HTMLImageElement && image.complete && image.naturalWidth === 256 && image.naturalHeight === 256;
    });
    await screenshot(page, 'media-avatar-mobile-dark');
    assert.deepEqual(errors, []);
  });
});
