// The operators' node and category forms against the real binary: an admin creates a community
// node with names in three languages from the console and a visitor sees it on /community in
// Chinese and on /en/community in English; an admin renames a community category in the console's
// form and an article category through admin.saveTerm, and the article archive shows the new name;
// a member is refused admin.saveNode. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, callAction, messages, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** The demo's news category of articles (app/demo/data/articles.json). */
const NEWS = { id: '1000000901', slug: 'news' };

describe('admin nodes and categories', { skip: suiteSkip() }, () => {
  const site = useSite();
  const t = messages('en');

  test('an admin creates a node with names in three languages and a visitor sees it on /community', async () => {
    const admin = await site.signedIn('admin', DESKTOP);
    await admin.page.goto(`${site.url}/en/admin/content?kind=node`);
    await admin.page.getByTestId('node-new').click();
    const form = admin.page.getByTestId('node-form');
    await form.waitFor();
    await form.getByTestId('node-name-zh-hans').fill('园艺角');
    await form.getByTestId('node-name-en').fill('Garden corner');
    await form.getByTestId('node-name-es').fill('Rincón del jardín');
    await form.getByTestId('node-slug').fill('Garden Corner');
    await form.getByTestId('node-save').click();
    // The slug is refused at its field, in the admin's language.
    await form.getByTestId('node-error-slug').waitFor();
    await screenshot(admin.page, 'admin-node-slug-refused');
    await form.getByTestId('node-slug').fill('garden-corner');
    await form.getByTestId('node-save').click();
    await admin.page.getByText(t('admin.node.saved'), { exact: true }).first().waitFor();
    await admin.page.waitForURL(/edit=\d+/);
    assert.match(await form.getAttribute('data-id'), /^\d+$/);
    await form.getByRole('button', { name: t('admin.node.close'), exact: true }).click();
    await admin.page.getByTestId('content-row').filter({ hasText: 'Garden corner' }).waitFor();
    await screenshot(admin.page, 'admin-node-created');

    const visitor = await site.open(DESKTOP);
    await visitor.page.goto(`${site.url}/community`);
    await visitor.page.getByTestId('nodes-grid').getByText('园艺角').waitFor();
    await visitor.page.goto(`${site.url}/en/community`);
    await visitor.page.getByTestId('nodes-grid').getByText('Garden corner').waitFor();
    await screenshot(visitor.page, 'admin-node-visitor');
    assert.deepEqual(admin.errors, []);
    assert.deepEqual(visitor.errors, []);
  });

  test('an admin renames categories: the console form saves a community category, the article archive shows the new name', async () => {
    const admin = await site.signedIn('admin', DESKTOP);
    await admin.page.goto(`${site.url}/en/admin/content?kind=category`);
    const row = admin.page.getByTestId('content-row').first();
    await row.waitFor();
    await row.getByTestId('node-edit').click();
    const form = admin.page.getByTestId('node-form');
    await form.getByTestId('node-name-en').waitFor();
    await form.getByTestId('node-name-en').fill('Town square');
    await form.getByTestId('node-save').click();
    await admin.page.getByText(t('admin.node.saved'), { exact: true }).first().waitFor();
    await form.getByRole('button', { name: t('admin.node.close'), exact: true }).click();
    await admin.page.getByTestId('content-row').filter({ hasText: 'Town square' }).waitFor();
    await screenshot(admin.page, 'admin-category-renamed');

    const { term } = await callAction(admin.page, 'admin.term', { id: NEWS.id });
    assert.equal(term?.slug, NEWS.slug, 'the demo news category');
    const saved = await callAction(admin.page, 'admin.saveTerm', { ...term, names: { ...term.names, en: 'Dispatches' } });
    assert.equal(saved.term?.names?.en, 'Dispatches', JSON.stringify(saved));

    const reader = await site.open(DESKTOP);
    await reader.page.goto(`${site.url}/en/article-archive/${NEWS.slug}-${NEWS.id}`);
    await reader.page.getByRole('heading', { name: 'Dispatches' }).first().waitFor();
    await screenshot(reader.page, 'admin-term-archive');
    assert.deepEqual(reader.errors, []);
  });

  test('a member is refused admin.saveNode', async () => {
    const member = await site.signedIn('member', DESKTOP);
    const reply = await callAction(member.page, 'admin.saveNode', {
      kind: 'node',
      slug: 'not-mine',
      names: { 'zh-hans': '不', en: 'No', es: 'No' },
      joinType: 'free',
      admins: [],
    });
    assert.equal(reply.statusCode, 403, JSON.stringify(reply));
  });
});
