// Editing existing content in the site's own editor (/create?edit=kind:id), against the real
// binary: an administrator who wrote an article changes its title from the article's Edit button
// and reads it on the page; an administrator edits a member's topic, which stays the member's;
// another member gets no Edit button, is told so on the edit link, and the server refuses their
// save. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callAction, DESKTOP, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** The demo's free node, which every demo member joined. */
const LOUNGE = '2000000001';
/** The demo's wallet guide in English, written by the admin. */
const GUIDE = { id: '1000000012', path: '/en/article/wallet-guide-1000000012' };
const t = messages('en');

describe('editing content', { skip: suiteSkip() }, () => {
  const site = useSite();

  /** Saves the form and waits for the item's page the editor opens. */
  async function saveAndOpen(page, pathPattern) {
    await page.getByRole('button', { name: t('page.create.edit.save') }).click();
    await page.waitForURL(pathPattern);
  }

  test("the author edits their article's title and reads it on the page", async () => {
    const { page, errors } = await site.signedIn('admin', DESKTOP);
    await page.goto(`${site.url}${GUIDE.path}`);
    await page.getByTestId('article').waitFor();
    await page.getByTestId('article-edit').click();
    await page.waitForURL(`**/en/create?edit=article:${GUIDE.id}`);
    const title = page.getByTestId('create-title');
    await title.waitFor();
    const before = await title.inputValue();
    assert.ok(before.length > 0, 'the title is filled in');
    assert.match(await page.getByTestId('create-editor').innerText(), /\S/, 'the text is filled in');
    await title.fill(`${before} (revised)`);
    await screenshot(page, 'edit-article-form');
    await saveAndOpen(page, `**${GUIDE.path}`);
    await page.getByRole('heading', { level: 1, name: `${before} (revised)` }).waitFor();
    await screenshot(page, 'edit-article-saved');

    const reply = await callAction(page, 'content.article', { id: GUIDE.id }, { lang: 'en' });
    assert.equal(reply.article.title, `${before} (revised)`);
    assert.equal(reply.article.gqSlug, 'wallet-guide', 'the address stays');

    // The link names a language version: the Spanish one opens from the English site too, and the
    // editor speaks Spanish under /es.
    await page.goto(`${site.url}/en/create?edit=article:1000000003`);
    await page.getByTestId('create-title').waitFor();
    assert.equal(await page.getByTestId('create-title').inputValue(), 'Bienvenido a Souk');
    await page.goto(`${site.url}/es/create?edit=article:1000000003`);
    await page.getByText(messages('es')('page.create.edit.heading.article')).waitFor();
    assert.equal(await page.getByTestId('create-title').inputValue(), 'Bienvenido a Souk');
    assert.deepEqual(errors, []);
  });

  test("an admin edits a member's topic; another member may not", async () => {
    const member = await site.signedIn('member', DESKTOP);
    const created = await callAction(member.page, 'mutates.createTopic', {
      title: 'Where do you buy bread?',
      content: '<p>Looking for a good bakery near the market.</p>',
      cat: LOUNGE,
      types: { type: 'normal' },
      idemKey: 'e2e-edit-topic-1',
    });
    const id = created.topic?.databaseId;
    assert.ok(id, `the member's topic is created: ${JSON.stringify(created)}`);

    const admin = await site.signedIn('admin', DESKTOP);
    await admin.page.goto(`${site.url}/en/community/${id}`);
    await admin.page.getByTestId('topic').waitFor();
    await admin.page.getByTestId('topic-edit').click();
    await admin.page.waitForURL(`**/en/create?edit=topic:${id}`);
    const title = admin.page.getByTestId('create-title');
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Where do you buy bread?');
    await title.fill('Where do you buy fresh bread?');
    await saveAndOpen(admin.page, `**/en/community/where-do-you-buy-fresh-bread-${id}`);
    await admin.page.getByRole('heading', { level: 1, name: 'Where do you buy fresh bread?' }).waitFor();
    await screenshot(admin.page, 'edit-topic-by-admin');
    const read = await callAction(admin.page, 'community.topics', { ids: [id] });
    assert.equal(read.topics.edges[0].node.author.gqSlug, 'member', 'the topic stays the member’s');
    assert.deepEqual(admin.errors, []);

    const other = await site.signedIn('vip', DESKTOP);
    await other.page.goto(`${site.url}/en/community/${id}`);
    await other.page.getByRole('heading', { level: 1, name: 'Where do you buy fresh bread?' }).waitFor();
    assert.equal(await other.page.getByTestId('topic-edit').count(), 0, 'no Edit button for another member');
    await other.page.goto(`${site.url}/en/create?edit=topic:${id}`);
    await other.page.getByText(t('page.create.edit.refused')).waitFor();
    assert.equal(await other.page.getByTestId('create-form').count(), 0);
    await screenshot(other.page, 'edit-topic-refused');

    const refused = await callAction(other.page, 'mutates.createTopic', {
      id,
      title: 'Taken over',
      content: '<p>Mine now.</p>',
      types: { type: 'normal' },
    });
    assert.equal(refused.statusCode, 403, JSON.stringify(refused));
    const after = await callAction(other.page, 'community.topics', { ids: [id] });
    assert.equal(after.topics.edges[0].node.title, 'Where do you buy fresh bread?');

    await other.page.goto(`${site.url}${GUIDE.path}`);
    await other.page.getByTestId('article').waitFor();
    assert.equal(await other.page.getByTestId('article-edit').count(), 0, 'no Edit button on an article for a member');
    assert.deepEqual(other.errors, []);
  });
});
