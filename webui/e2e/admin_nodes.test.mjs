// The operators' node and category forms against the real binary: an admin creates a community
// node with names in three languages from the console and a visitor sees it on /community in
// Chinese and on /en/community in English; an admin renames a community category in the console's
// form and an article category in the console's term form, and the article archive shows the new name;
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

  test('an admin renames categories: the console forms save a community category and an article category, the article archive shows the new name', async () => {
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

    // The article category, found among the article categories by its slug and renamed in the term form.
    await admin.page.goto(`${site.url}/en/admin/content?kind=term`);
    await admin.page.getByTestId('term-kind-filter').getByText(t('admin.term.kind.category'), { exact: true }).click();
    await admin.page.getByTestId('content-search').fill(NEWS.slug);
    const news = admin.page.getByTestId('content-row').filter({ has: admin.page.locator(`a[href$="/article-archive/${NEWS.slug}-${NEWS.id}"]`) });
    await news.getByTestId('term-edit').click();
    await admin.page.waitForURL(new RegExp(`kind=term&edit=${NEWS.id}`));
    const termForm = admin.page.getByTestId('term-form');
    await termForm.getByTestId('term-name-en').waitFor();
    assert.equal(await termForm.getByTestId('term-slug').inputValue(), NEWS.slug, 'the demo news category');
    assert.equal(await termForm.getByTestId('term-kind').inputValue(), 'category');
    await termForm.getByTestId('term-name-en').fill('Dispatches');
    await termForm.getByTestId('term-save').click();
    await admin.page.getByText(t('admin.term.saved'), { exact: true }).first().waitFor();
    await termForm.getByRole('button', { name: t('admin.term.close'), exact: true }).click();
    await admin.page.getByTestId('content-row').filter({ hasText: 'Dispatches' }).waitFor();
    await screenshot(admin.page, 'admin-term-renamed');
    assert.deepEqual(admin.errors, []);

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
