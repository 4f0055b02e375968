// The floating audio player against the real binary, in Chromium with autoplay allowed: a demo
// track of the home page's audio block plays (its waveform decoded from the file), next and
// previous wrap, a track's end moves on to the next one, playback goes on across a page
// transition (into another layout), the playlist and the position survive a reload, a corrupt or oversized
// audioPlayList in local storage does not break the page, and on a phone the mini player sits
// above the tab bar. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CHROMIUM, DESKTOP, MOBILE, artifactsDir, skipReason, suiteSkip, useSite } from './helpers.mjs';

/** Saves what the viewport shows (the player is fixed: a full-page picture would misplace it) under webui/e2e/artifacts/. */
function screenshot(page, name) {
  return page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/** A mono 16-bit PCM WAV of `seconds`: a tone whose loudness rises and falls, so its waveform is not flat. */
function toneWav(seconds, frequency) {
  const rate = 8000;
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let at = 0; at < samples; at++) {
    const envelope = 0.15 + 0.85 * Math.abs(Math.sin((Math.PI * 2 * at) / samples));
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * at) / rate) * envelope * 32000), at * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Tracks of the tests' own, served by the browser context (see serveTracks), long enough to resume in. */
const TRACKS = [1, 2, 3].map((n) => ({ src: `/e2e-audio/track-${n}.wav`, time: 4 + n, thumb: '', title: `Test tone ${n}` }));
const TRACK_BYTES = new Map(TRACKS.map((track, index) => [track.src, toneWav(track.time, 330 + index * 110)]));

/** Serves TRACKS to the pages of context, with byte ranges (without them Chromium cannot seek in a track). */
async function serveTracks(context) {
  await context.route((url) => url.pathname.startsWith('/e2e-audio/'), (route) => {
    const body = TRACK_BYTES.get(new URL(route.request().url()).pathname);
    if (!body) return route.fulfill({ status: 404 });
    const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers().range ?? '');
    if (!range) return route.fulfill({ status: 200, contentType: 'audio/wav', headers: { 'accept-ranges': 'bytes' }, body });
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    return route.fulfill({
      status: 206,
      contentType: 'audio/wav',
      headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${body.length}` },
      body: body.subarray(start, end + 1),
    });
  });
}

/** Writes the playlist (or any raw value) into local storage and reloads the page. */
async function seedPlaylist(page, playlist, picked = '0') {
  await page.evaluate(
    ([list, index]) => {
      localStorage.setItem('audioPlayList', typeof list === 'string' ? list : JSON.stringify(list));
      localStorage.setItem('audioPicked', index);
    },
    [playlist, picked],
  );
  await page.reload();
}

/** The page's one <audio> element: its source, whether it plays, where it is. */
function hostState(page) {
  return page.evaluate(() => {
    const audio = document.querySelector('[data-testid=audio-host]');
    return audio ? { src: audio.getAttribute('src'), paused: audio.paused, currentTime: audio.currentTime, volume: audio.volume } : null;
  });
}

/** Waits until the <audio> element plays src and has moved past `after` seconds. */
function waitPlaying(page, src, after = 0.2) {
  return page.waitForFunction(
    ([source, time]) => {
      const audio = document.querySelector('[data-testid=audio-host]');
      return audio && audio.getAttribute('src')?.endsWith(source) && !audio.paused && audio.currentTime > time;
    },
    [src, after],
    { timeout: 15_000 },
  );
}

/** Opens the player drawer from the side toolbar; resolves to it. */
async function openPlayer(page) {
  await page.getByTestId('side-toolbar').getByRole('button', { name: 'Player' }).click();
  const player = page.getByRole('dialog', { name: 'Player' });
  await player.waitFor();
  return player;
}

describe('floating audio player', { skip: suiteSkip() }, () => {
  const site = useSite({ browser: false, csp: true });

  // The site's own Chromium, with autoplay allowed: a test cannot make the user gesture a track needs.
  before(async () => {
    if (skipReason()) return;
    const { chromium } = await import('playwright-core');
    await mkdir(artifactsDir, { recursive: true });
    site.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
    });
  });

  /** A desktop page on /en whose context serves the test tracks. */
  async function openSite(options = DESKTOP) {
    const session = await site.open(options);
    await serveTracks(session.context);
    await session.page.goto(`${site.url}/en`);
    await session.page.locator('[data-testid=copyright]').waitFor();
    return session;
  }

  test('a demo track of the home page’s audio block plays, with its waveform', async () => {
    const { context, page, errors } = await openSite();
    const block = page.getByTestId('block-audio');
    await block.waitFor({ timeout: 15_000 });
    const tracks = block.getByRole('listitem');
    assert.equal(await tracks.count(), 3, 'the demo audio block has three tracks');
    const first = (await tracks.first().locator('p').first().innerText()).trim();
    await block.getByRole('button', { name: 'Play all' }).click();
    const { src } = await page.waitForFunction(() => document.querySelector('[data-testid=audio-host]')?.getAttribute('src')).then(async (handle) => ({ src: await handle.jsonValue() }));
    await waitPlaying(page, src);
    await block.getByRole('button', { name: `Pause ${first}` }).waitFor();

    const player = await openPlayer(page);
    await player.getByTestId('player-title').filter({ hasText: first }).waitFor();
    assert.equal(await player.getByTestId('player-playlist').getByRole('listitem').count(), 3);
    const slider = player.getByRole('slider', { name: 'Playback position' });
    assert.equal(await slider.locator('[data-bar]').count(), 60);
    // Decoded from the file: the bars differ (flat bars would all be the same height).
    await page.waitForFunction(() => new Set([...document.querySelectorAll('[data-testid=waveform] [data-bar]')].map((bar) => bar.style.height)).size > 3);
    assert.ok(Number(await slider.getAttribute('aria-valuenow')) >= 0);
    assert.equal((await hostState(page)).volume, 0.5, 'the volume starts at 0.5');
    await screenshot(page, 'audio-player-demo-desktop');

    await player.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=audio-host]').paused);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('next and previous wrap, and a track’s end plays the next one (dark mode)', async () => {
    const { context, page, errors } = await openSite({ ...DESKTOP, colorScheme: 'dark' });
    await seedPlaylist(page, TRACKS);
    const player = await openPlayer(page);
    const title = player.getByTestId('player-title');
    await title.filter({ hasText: 'Test tone 1' }).waitFor();

    await player.getByRole('button', { name: 'Previous track' }).click();
    await title.filter({ hasText: 'Test tone 3' }).waitFor();
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await waitPlaying(page, TRACKS[2].src);
    await player.getByRole('button', { name: 'Next track' }).click();
    await title.filter({ hasText: 'Test tone 1' }).waitFor();
    await waitPlaying(page, TRACKS[0].src);
    await player.getByRole('button', { name: 'Next track' }).click();
    await title.filter({ hasText: 'Test tone 2' }).waitFor();
    await waitPlaying(page, TRACKS[1].src);

    // The waveform is a slider: End seeks to the end, the track ends, the next one starts from 0.
    const slider = player.getByRole('slider', { name: 'Playback position' });
    await slider.focus();
    await page.keyboard.press('End');
    await title.filter({ hasText: 'Test tone 3' }).waitFor();
    await waitPlaying(page, TRACKS[2].src, 0);
    await screenshot(page, 'audio-player-wrapped-desktop-dark');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('playback goes on across page transitions, and the playlist and position survive a reload', async () => {
    const { context, page, errors } = await openSite();
    await seedPlaylist(page, TRACKS);
    let player = await openPlayer(page);
    await player.getByRole('button', { name: 'Remove Test tone 1 from the playlist' }).click();
    await player.getByRole('button', { name: 'Play Test tone 3' }).click();
    await waitPlaying(page, TRACKS[2].src, 1.5);
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });

    // A page transition inside the app: the same element keeps playing.
    await page.evaluate(() => {
      window.__audioHost = document.querySelector('[data-testid=audio-host]');
    });
    await page.getByTestId('side-toolbar').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(/\/en\/docs/);
    const before = (await hostState(page)).currentTime;
    await page.waitForFunction((time) => {
      const audio = document.querySelector('[data-testid=audio-host]');
      return audio === window.__audioHost && !audio.paused && audio.currentTime > time + 0.3;
    }, before);

    await page.evaluate(() => document.querySelector('[data-testid=audio-host]').pause());
    const position = (await hostState(page)).currentTime;
    await page.reload();
    player = await openPlayer(page);
    await player.getByTestId('player-title').filter({ hasText: 'Test tone 3' }).waitFor();
    assert.deepEqual(await player.getByTestId('player-playlist').getByRole('listitem').allInnerTexts().then((texts) => texts.map((text) => text.split('\n')[0])), [
      'Test tone 2',
      'Test tone 3',
    ]);
    await page.waitForFunction(
      (time) => {
        const audio = document.querySelector('[data-testid=audio-host]');
        return audio.readyState >= 1 && Math.abs(audio.currentTime - time) < 1.2;
      },
      position,
      { timeout: 10_000 },
    );
    assert.equal((await hostState(page)).paused, true, 'a reload does not start playing by itself');
    const stored = await page.evaluate(() => ({ list: JSON.parse(localStorage.getItem('audioPlayList')), picked: localStorage.getItem('audioPicked') }));
    assert.deepEqual(stored.list.map((item) => item.src), [TRACKS[1].src, TRACKS[2].src]);
    assert.equal(stored.picked, '1');
    await screenshot(page, 'audio-player-after-reload-desktop');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a corrupt or oversized audioPlayList does not break the page', async () => {
    const { context, page, errors } = await openSite();
    for (const [playlist, picked] of [
      ['{not json', 'x'],
      [JSON.stringify({ src: '/e2e-audio/track-1.wav' }), '0'],
      [JSON.stringify([null, 7, { src: 'javascript:alert(1)', title: 'bad' }, { title: 'no source' }]), '3'],
    ]) {
      await seedPlaylist(page, playlist, picked);
      await page.locator('[data-testid=copyright]').waitFor();
      const player = await openPlayer(page);
      await player.getByText('Your playlist is empty').waitFor();
      await page.keyboard.press('Escape');
      await player.waitFor({ state: 'detached' });
    }

    const many = Array.from({ length: 25 }, (_, n) => ({ ...TRACKS[n % 3], src: `/e2e-audio/track-${(n % 3) + 1}.wav?copy=${n}`, title: `Copy ${n}` }));
    await seedPlaylist(page, [...many, { src: 42 }], '99');
    const player = await openPlayer(page);
    await player.getByTestId('player-title').filter({ hasText: 'Copy 24' }).waitFor();
    assert.equal(await player.getByTestId('player-playlist').getByRole('listitem').count(), 20);
    await screenshot(page, 'audio-player-oversized-playlist-desktop');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone the mini player sits above the tab bar only while there is a track', async () => {
    const { context, page, errors } = await openSite(MOBILE);
    await page.getByTestId('tab-bar').waitFor();
    assert.equal(await page.getByTestId('mini-player').count(), 0, 'no track, no mini player');
    await seedPlaylist(page, TRACKS, '1');
    const mini = page.getByTestId('mini-player');
    await mini.waitFor();
    const [miniBox, tabBox] = await Promise.all([mini.boundingBox(), page.getByTestId('tab-bar').boundingBox()]);
    assert.ok(miniBox.y + miniBox.height <= tabBox.y + 1, 'the mini player is above the tab bar');
    await mini.getByRole('button', { name: 'Play', exact: true }).click();
    await waitPlaying(page, TRACKS[1].src);
    await screenshot(page, 'audio-mini-player-mobile');
    await mini.getByRole('button', { name: 'Open the player: Test tone 2' }).click();
    const player = page.getByRole('dialog', { name: 'Player' });
    await player.getByTestId('player-playlist').waitFor();
    await screenshot(page, 'audio-player-mobile');
    for (let i = 0; i < 3; i++) await player.getByRole('button', { name: /^Remove / }).first().click();
    await player.getByText('Your playlist is empty').waitFor();
    await page.keyboard.press('Escape');
    await mini.waitFor({ state: 'detached' });
    assert.equal((await hostState(page)).paused, true);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
