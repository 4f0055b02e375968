// The community against the real binary, two members in two browsers: one writes a vote topic on
// /create and the other, on the node's page, sees it appear live, opens it and votes while the
// author watches the tally move; a bounty is written, answered and awarded, and both wallets move;
// node and article pages render in zh-hans, /en and /es. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, DEMO_USERS, DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** The demo's free node, which every demo member joined. */
const LOUNGE = { id: '2000000001', slug: 'lounge', names: { 'zh-hans': '休息室', en: 'Lounge', es: 'Salón' } };
/** The demo's welcome article in its three language versions. */
const WELCOME = {
  'zh-hans': { path: '/article/welcome-1000000001', title: '欢迎来到 Souk' },
  en: { path: '/en/article/welcome-1000000002', title: 'Welcome to Souk' },
  es: { path: '/es/article/bienvenida-1000000003', title: 'Bienvenido a Souk' },
};
const PREFIX = { 'zh-hans': '', en: '/en', es: '/es' };
const HTML_LANG = { 'zh-hans': 'zh-Hans', en: 'en', es: 'es' };

/** "12.30" as integer cents, without floats. */
function cents(text) {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  assert.ok(match, `an amount in ${JSON.stringify(text)}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/**
 * Records the channels the server confirms a page's socket watches (its `watch` replies), from the
 * page's first socket on: `until(channel)` resolves once that channel is watched.
 */
function watchLog(page) {
  const channels = new Set();
  const waiting = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      let frame;
      try {
        frame = JSON.parse(String(payload));
      } catch {
        return;
      }
      if (frame.action !== 'watch' || typeof frame.data?.channel !== 'string') return;
      channels.add(frame.data.channel);
      for (const waiter of waiting.filter((entry) => entry.channel === frame.data.channel)) waiter.resolve();
    });
  });
  return {
    until(channel) {
      if (channels.has(channel)) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ channel, resolve }));
    },
  };
}

/** A member's balances through the API (the page's own cookies). */
async function balances(page) {
  return (await callAction(page, 'wallet.get', {})).wallet;
}

describe('community', { skip: suiteSkip() }, () => {
  const site = useSite();

  async function newPage(options, user) {
    const session = await site.open(options);
    const watches = watchLog(session.page);
    if (user) await site.logIn(session.page, user);
    return { ...session, watches };
  }

  /** Writes a topic on /create: the kind, title, text and what the kind needs; resolves to the topic's URL. */
  async function createTopic(page, { kind, title, text, fill }) {
    await page.goto(`${site.url}/en/create?type=${kind}&node=${LOUNGE.id}`);
    const form = page.getByTestId('create-form');
    await form.waitFor();
    assert.ok(await page.getByRole('radio', { name: { vote: 'Vote', bounty: 'Bounty', normal: 'Topic' }[kind] }).isChecked());
    await page.getByTestId('node-picker').locator(`option[value="${LOUNGE.id}"]`).waitFor({ state: 'attached' });
    assert.equal(await page.getByTestId('node-picker').inputValue(), LOUNGE.id);
    await page.getByTestId('create-title').fill(title);
    await page.getByTestId('create-editor').click();
    await page.keyboard.type(text);
    await fill(page);
    await page.getByRole('button', { name: 'In 1 day' }).click();
    await screenshot(page, `community-create-${kind}`);
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/en\/community\/[a-z0-9-]*\d+$/);
    await page.getByTestId('topic').waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    return page.url();
  }

  test('a vote written on /create appears live on the node page; a vote moves the author’s tally live', async () => {
    const author = await newPage(DESKTOP, DEMO_USERS.vip);
    const reader = await newPage(MOBILE, DEMO_USERS.member);

    // The reader waits on the node's page, its socket watching the node.
    await reader.page.goto(`${site.url}/en/community-archive/${LOUNGE.slug}-${LOUNGE.id}`);
    await reader.page.getByTestId('node-header').getByRole('heading', { name: LOUNGE.names.en }).waitFor();
    await reader.page.getByTestId('topic-feed').waitFor();
    await reader.watches.until(`node:${LOUNGE.id}`);

    // The first check of the form stops an empty vote without a request.
    await author.page.goto(`${site.url}/en/create?type=vote&node=${LOUNGE.id}`);
    await author.page.getByTestId('create-form').waitFor();
    await author.page.getByTestId('create-submit').click();
    await author.page.getByRole('alert').filter({ hasText: 'Please enter a title' }).waitFor();
    await author.page.getByRole('alert').filter({ hasText: 'Every option needs some text' }).waitFor();
    await author.page.getByRole('alert').filter({ hasText: 'Please choose when the vote ends' }).waitFor();

    const title = `Where shall we meet ${Date.now()}?`;
    const topicUrl = await createTopic(author.page, {
      kind: 'vote',
      title,
      text: 'Pick the place for Friday.',
      fill: async (page) => {
        const options = page.getByTestId('create-vote-option');
        await options.nth(0).fill('The park');
        await options.nth(1).fill('The library');
        await page.getByTestId('vote-add-option').click();
        await options.nth(2).fill('The café');
      },
    });
    // The author's topic page watches the topic before the reader votes.
    await author.page.getByTestId('vote-panel').waitFor();
    await author.watches.until(`topic:${/(\d+)$/.exec(topicUrl)[1]}`);

    // The topic appears on the reader's node page without a reload.
    const card = reader.page.getByTestId('topic-card').filter({ hasText: title });
    await card.waitFor({ timeout: 10_000 });
    await screenshot(reader.page, 'community-node-live');
    await card.getByRole('link', { name: title }).click();
    await reader.page.getByTestId('vote-panel').waitFor();
    await reader.page.getByRole('button', { name: 'Vote for “The library”' }).click();
    await reader.page.getByTestId('vote-panel').getByText('You voted.').waitFor();

    // The author sees the tally move live: all of one vote on the library.
    const panel = author.page.getByTestId('vote-panel');
    await panel.getByText('1 vote', { exact: false }).waitFor({ timeout: 10_000 });
    const percents = await panel.getByTestId('vote-option').evaluateAll((items) => items.map((item) => item.dataset.percent));
    assert.deepEqual(percents, ['0', '100', '0']);
    await screenshot(author.page, 'community-vote-live');

    assert.deepEqual(author.errors, []);
    assert.deepEqual(reader.errors, []);
  });

  test('a bounty is escrowed when written, and the award moves it to the answer’s author', async () => {
    const author = await newPage(DESKTOP, DEMO_USERS.vip);
    const answerer = await newPage(DESKTOP, DEMO_USERS.member);
    const authorBefore = cents((await balances(author.page)).money.USD);
    const answererBefore = cents((await balances(answerer.page)).money.USD);

    const title = `Who can fix a bike chain ${Date.now()}?`;
    const topicUrl = await createTopic(author.page, {
      kind: 'bounty',
      title,
      text: 'The chain keeps falling off.',
      fill: async (page) => {
        await page.getByTestId('create-bounty-value').fill('5');
        await page.getByTestId('create-bounty-value').blur();
        assert.equal(await page.getByTestId('create-bounty-value').inputValue(), '5.00');
      },
    });
    await author.page.getByTestId('bounty-panel').getByTestId('bounty-state').getByText('Open').waitFor();
    assert.equal(cents((await balances(author.page)).money.USD), authorBefore - 500, 'the bounty is held from the author’s wallet');

    // The answer arrives on the author's page live.
    await author.watches.until(`topic:${/(\d+)$/.exec(topicUrl)[1]}`);

    await answerer.page.goto(topicUrl);
    const composer = answerer.page.getByTestId('answer-composer');
    await composer.getByRole('textbox').fill('Tighten the rear wheel, then oil the chain.');
    await composer.getByRole('button', { name: 'Post answer' }).click();
    await answerer.page.getByTestId('answer').filter({ hasText: 'Tighten the rear wheel' }).waitFor();

    const answer = author.page.getByTestId('answer').filter({ hasText: 'Tighten the rear wheel' });
    await answer.waitFor({ timeout: 10_000 });
    await answer.getByRole('checkbox', { name: 'Award' }).check();
    await author.page.getByTestId('award-controls').getByRole('button', { name: 'Award the bounty' }).click();
    await author.page.getByTestId('award-confirm').getByRole('button', { name: 'Award', exact: true }).click();
    await author.page.getByTestId('bounty-state').getByText('Awarded').waitFor({ timeout: 10_000 });
    await screenshot(author.page, 'community-bounty-awarded');

    assert.equal(cents((await balances(answerer.page)).money.USD), answererBefore + 500, 'the award reaches the answerer’s wallet');
    assert.equal(cents((await balances(author.page)).money.USD), authorBefore - 500, 'the author paid once');

    // The answerer's wallet page shows the new balance.
    await answerer.page.goto(`${site.url}/en/account/wealth`);
    const usd = answerer.page.getByTestId('balance-USD');
    await usd.waitFor();
    const shown = (await usd.innerText()).replace(/,/g, '');
    const expected = answererBefore + 500;
    assert.ok(shown.includes(`${Math.trunc(expected / 100)}.${String(expected % 100).padStart(2, '0')}`), `the wealth page shows the balance: ${shown}`);

    assert.deepEqual(author.errors, []);
    assert.deepEqual(answerer.errors, []);
  });

  test('pasted pictures upload into the editor, too large ones are refused, and the draft survives a reload', async () => {
    const { page, errors } = await newPage(DESKTOP, DEMO_USERS.member);
    await page.goto(`${site.url}/en/create?node=${LOUNGE.id}`);
    await page.getByTestId('create-form').waitFor();
    await page.getByTestId('create-title').fill('A draft with a picture');
    const editor = page.getByTestId('create-editor');
    await editor.click();
    await page.keyboard.type('Look at this: ');

    /** Pastes a PNG of a size drawn in the page, as a screenshot paste does. */
    const paste = (width, height) =>
      editor.evaluate(
        async (target, size) => {
          const canvas = document.createElement('canvas');
          canvas.width = size.width;
          canvas.height = size.height;
          canvas.getContext('2d').fillRect(0, 0, size.width, size.height);
          const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
          const data = new DataTransfer();
          data.items.add(new File([blob], 'image.png', { type: 'image/png' }));
          target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        },
        { width, height },
      );

    await paste(640, 360);
    await editor.locator('img[src^="/api/media/"]').waitFor({ timeout: 15_000 });
    await paste(2100, 100);
    await page.getByText('Your images need to be less than 2000 pixels in height and width.', { exact: true }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="create-editor"] img[data-upload-id]'));
    assert.equal(await editor.locator('img:not(.ProseMirror-separator)').count(), 1, 'the refused picture left no placeholder');
    await page.getByText(/^Draft saved/).waitFor();
    await screenshot(page, 'community-create-pasted');

    await page.goto(`${site.url}/en/create?drafts=1`);
    const list = page.getByTestId('drafts-list');
    await list.getByRole('button', { name: /^A draft with a picture/ }).click();
    assert.equal(await page.getByTestId('create-title').inputValue(), 'A draft with a picture');
    await editor.locator('img[src^="/api/media/"]').waitFor();
    assert.deepEqual(errors, []);
  });

  test('node and article pages render in zh-hans, /en and /es', async () => {
    const { page, errors } = await newPage(DESKTOP);
    for (const lang of ['zh-hans', 'en', 'es']) {
      await page.goto(`${site.url}${PREFIX[lang]}/community-archive/${LOUNGE.slug}-${LOUNGE.id}`);
      await page.getByTestId('node-header').getByRole('heading', { level: 1, name: LOUNGE.names[lang] }).waitFor();
      await page.getByTestId('topic-feed').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), HTML_LANG[lang]);
      await screenshot(page, `community-node-${lang}`);

      await page.goto(`${site.url}${WELCOME[lang].path}`);
      await page.getByTestId('article').getByRole('heading', { level: 1, name: WELCOME[lang].title }).waitFor();
      await page.getByTestId('rich-html').first().waitFor();
      await screenshot(page, `community-article-${lang}`);
    }
    assert.deepEqual(errors, []);
  });
});
