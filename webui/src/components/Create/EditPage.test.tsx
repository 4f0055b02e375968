import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import type { ViewerData } from '../../models/Viewer';
import { draftsKey } from '../../stores/DraftsStore';
import { topic as topicFixture } from '../../test/community';
import { article as articleFixture, sentData as sent } from '../../test/content';
import { mediaViewer } from '../../test/media';
import { renderApp } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';

/** Member 7's vote, gated by two entries the form shows as one. */
const topic = topicFixture('77', {
  title: 'Lunch?',
  content: '<p>Where do we eat?</p>',
  roles: [
    { type: 'level', value: 'lv3' },
    { type: 'credit', value: '20' },
  ],
  type: 'vote',
  nodeId: '2000000001',
});

/** The administrator's article (member 1). */
const article = articleFixture('1000000002', {
  groupId: '1000000001',
  title: 'Welcome',
  gqSlug: 'welcome',
  uri: '/en/article/welcome-1000000002',
  content: '<p>Hello</p>',
  excerpt: 'Hello',
  author: { ...topic.author, id: '1', databaseId: '1' },
  category: { id: '5', databaseId: '5', kind: 'category', gqSlug: 'news', name: 'News', uri: '/article-archive/news-5' },
  tags: [{ id: '6', databaseId: '6', kind: 'tag', gqSlug: 'souk', name: 'Souk', uri: '/article-tag/souk-6' }],
});

function setup(path: string, viewer: ViewerData) {
  const calls = mockFetch(
    apiResponder({
      'archive.nodesList': () => json({ communityCats: { edges: [], pageInfo: { endCursor: '', hasNextPage: false } } }),
      'auth.pageData': (data) =>
        data.path === '/en/community/77'
          ? json({ page: { kind: 'community', view: 'single' }, content: { view: 'single', topic } })
          : data.path === '/es/article/bienvenida-1000000003'
            ? json({ page: { kind: 'article', view: 'single' }, content: { article: { ...article, databaseId: '1000000003', lang: 'es', title: 'Bienvenida' } } })
            : json({ statusCode: 404, messages: ['Page Not Found'] }, 404),
      'mutates.createTopic': (data) => json({ topic: { ...topic, title: String(data.title) } }),
      // The request's language has its own version: the one asked for is read from its page data.
      'content.article': (data) =>
        data.id === '1000000003'
          ? json({
              article: {
                ...article,
                databaseId: '1000000002',
                versions: [{ id: '1000000003', lang: 'es', gqSlug: 'bienvenida', title: 'Bienvenida', uri: '/es/article/bienvenida-1000000003' }],
              },
            })
          : json({ article }),
      'mutates.saveArticle': (data) => json({ gqSaveArticle: { success: true, article: { ...article, title: String(data.title) } } }),
    }),
  );
  const root = createTestRoot('en');
  root.auth.setViewer(viewer);
  runInAction(() => {
    root.settings.settings = { currency: [{ code: 'USD', symbol: '$', symbol_iso: 'USD' }], level: { lv: [{ key: 'lv3', names: { en: 'Regular' } }] } };
    root.auth.isLoaded = true;
  });
  const view = renderApp(path, root);
  return { calls, user: userEvent.setup(), ...view };
}

const admin = () => {
  const viewer = mediaViewer({}, '1');
  viewer.gqRoles = { ...viewer.gqRoles!, isAdmin: true };
  return viewer;
};

describe('editing in /create', () => {
  it("fills the editor with the author's topic and saves it with its id, then opens it", async () => {
    const { calls, user, root } = setup('/en/create?edit=topic:77', mediaViewer({}, '7'));
    const title = await screen.findByTestId('create-title', {}, { timeout: 5000 });
    expect(title).toHaveValue('Lunch?');
    expect(screen.getByText('Editing a topic')).toBeInTheDocument();
    expect(screen.getByTestId('create-editor')).toHaveTextContent('Where do we eat?');
    // The type, node and vote stay: their fields are not offered.
    expect(screen.queryByTestId('kind-normal')).not.toBeInTheDocument();
    expect(screen.queryByTestId('node-picker')).not.toBeInTheDocument();
    expect(screen.queryByTestId('vote-fields')).not.toBeInTheDocument();
    expect(screen.queryByTestId('save-draft')).not.toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Lunch today?');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/community/lunch-today-77'));
    // The gate was not touched: both entries are sent back as they were.
    expect(sent(calls, 'mutates.createTopic')).toEqual([{ id: '77', title: 'Lunch today?', content: '<p>Where do we eat?</p>', roles: topic.roles, types: { type: 'vote' } }]);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Changes saved');
    // An edit is not a draft.
    expect(localStorage.getItem(draftsKey('7'))).toBeNull();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it("tells another member they may not edit someone's topic", async () => {
    const { calls } = setup('/en/create?edit=topic:77', mediaViewer({}, '8'));
    expect(await screen.findByText('Only its author or an administrator may edit this.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('create-form')).not.toBeInTheDocument();
    expect(sent(calls, 'mutates.createTopic')).toHaveLength(0);
  });

  it('lets an administrator edit an article, keeping its slug and language', async () => {
    const { calls, user } = setup('/en/create?edit=article:1000000002', admin());
    const title = await screen.findByTestId('create-title', {}, { timeout: 5000 });
    expect(title).toHaveValue('Welcome');
    expect(screen.getByLabelText('Category')).toHaveValue('news');
    expect(screen.getByLabelText('Tags')).toHaveValue('souk');
    expect(screen.getByLabelText('Language')).toBeDisabled();
    await user.type(title, ' back');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/article/welcome-1000000002'));
    expect(sent(calls, 'mutates.saveArticle')).toEqual([
      { id: '1000000002', slug: 'welcome', title: 'Welcome back', content: '<p>Hello</p>', category: { slug: 'news' }, tags: [{ slug: 'souk' }], roles: [] },
    ]);
  });

  it('edits the language version the link names, not the reader’s', async () => {
    setup('/en/create?edit=article:1000000003', admin());
    const title = await screen.findByTestId('create-title', {}, { timeout: 5000 });
    expect(title).toHaveValue('Bienvenida');
    expect(screen.getByLabelText('Language')).toHaveValue('es');
  });

  it('tells a member who is no administrator that articles are edited by administrators', async () => {
    setup('/en/create?edit=article:1000000002', mediaViewer({}, '1'));
    expect(await screen.findByText('Only administrators may edit articles.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each([
    ['/en/create?edit=product:3', 'This edit link is not valid.'],
    ['/en/create?edit=topic:78', 'This content does not exist or was deleted.'],
  ])('explains %s', async (path, message) => {
    setup(path, mediaViewer());
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
