import type { ArticleNode } from '../../api/wire.gen';
import { topic as topicFixture } from '../../test/community';
import { article as articleFixture } from '../../test/content';
import { draftOfArticle, draftOfTopic, editPath, fromMinorUnits, gateOfRoles, isContentExcerpt, mayEdit, parseEditTarget } from './editing';
import { articleEditInput, topicEditInput, validateDraft } from './submission';

const cents = (currency: string) => (currency === 'JPY' ? 0 : 2);

const article = (fields: Partial<ArticleNode> = {}) =>
  articleFixture('1000000002', {
    groupId: '1000000001',
    title: 'Welcome',
    gqSlug: 'welcome',
    uri: '/en/article/welcome-1000000002',
    content: '<p>Hello <strong>world</strong></p><audio controls src="/api/media/7/a.mp3"></audio>',
    excerpt: 'Hello world',
    featuredImage: { node: { sourceUrl: '/api/media/9/cover.png' } } as ArticleNode['featuredImage'],
    category: { id: '5', databaseId: '5', kind: 'category', gqSlug: 'news', name: 'News', uri: '/article-archive/news-5' },
    tags: [
      { id: '6', databaseId: '6', kind: 'tag', gqSlug: 'souk', name: 'Souk', uri: '/article-tag/souk-6' },
      { id: '7', databaseId: '7', kind: 'tag', gqSlug: 'community', name: 'Community', uri: '/article-tag/community-7' },
    ],
    roles: [
      { type: 'level', value: 'lv3' },
      { type: 'credit', value: '20' },
    ],
    ...fields,
  });

const topic = () =>
  topicFixture('77', {
    title: 'Lunch?',
    content: '<p>Where do we eat?</p>',
    roles: [{ type: 'money', value: '299', currency: 'USD' }],
    type: 'vote',
    nodeId: '2000000001',
  });

describe('the edit link', () => {
  it.each([
    ['article:1000000002', { kind: 'article', id: '1000000002' }],
    ['topic:77', { kind: 'topic', id: '77' }],
  ])('reads %s', (value, target) => {
    expect(parseEditTarget(value)).toEqual(target);
    expect(editPath(parseEditTarget(value)!)).toBe(`/create?edit=${value}`);
  });

  it.each([null, '', 'article', 'article:', 'article:0', 'article:12a', 'page:3', 'answer:4', 'topic:-1', ' topic:7', 'topic:12345678901234567890'])(
    'refuses %s',
    (value) => expect(parseEditTarget(value)).toBeNull(),
  );
});

describe('who may edit', () => {
  it('lets administrators edit everything, authors their topics only', () => {
    expect(mayEdit('article', '42', { databaseId: '1', isAdmin: true })).toBe(true);
    expect(mayEdit('topic', '42', { databaseId: '1', isAdmin: true })).toBe(true);
    expect(mayEdit('topic', '42', { databaseId: '42', isAdmin: false })).toBe(true);
    expect(mayEdit('topic', '42', { databaseId: '43', isAdmin: false })).toBe(false);
    expect(mayEdit('article', '42', { databaseId: '42', isAdmin: false })).toBe(false);
    expect(mayEdit('topic', '42', null)).toBe(false);
  });
});

describe('the gate of an item', () => {
  it('turns minor units back into the typed price', () => {
    expect(fromMinorUnits('299', 2)).toBe('2.99');
    expect(fromMinorUnits('5', 2)).toBe('0.05');
    expect(fromMinorUnits('1200', 2)).toBe('12.00');
    expect(fromMinorUnits('20', 0)).toBe('20');
    expect(fromMinorUnits('x', 2)).toBe('');
  });

  it('shows the first entry the form knows', () => {
    expect(gateOfRoles([], cents)).toEqual({ type: 'free', value: '', currency: '' });
    expect(gateOfRoles([{ type: 'money', value: '299', currency: 'USD' }], cents)).toEqual({ type: 'money', value: '2.99', currency: 'USD' });
    expect(gateOfRoles([{ type: 'qrcode', value: '100', currency: 'USD' }, { type: 'level', value: 'lv3' }], cents)).toEqual({
      type: 'level',
      value: 'lv3',
      currency: '',
    });
  });
});

describe('the editor filled with an item', () => {
  it('holds an article: title, rich text with its media, category, tags, picture, language', () => {
    const draft = draftOfArticle(article(), cents);
    expect(draft.kind).toBe('article');
    expect(draft.title).toBe('Welcome');
    expect(draft.content).toContain('<audio controls src="/api/media/7/a.mp3">');
    expect(draft.article).toEqual({ excerpt: '', category: 'news', tags: 'souk, community', featuredImage: '/api/media/9/cover.png', lang: 'en' });
    expect(draft.gate).toEqual({ type: 'level', value: 'lv3', currency: '' });
  });

  it('keeps a written excerpt, and leaves out the one made from the content', () => {
    expect(draftOfArticle(article({ excerpt: 'A short welcome.' }), cents).article.excerpt).toBe('A short welcome.');
    expect(isContentExcerpt('Every member has credit and…', '<p>Every member has <b>credit</b> and balances.</p>')).toBe(true);
    expect(isContentExcerpt('', '<p>Text</p>')).toBe(true);
    expect(isContentExcerpt('Something else', '<p>Text</p>')).toBe(false);
  });

  it('holds a topic of its type in its node', () => {
    const draft = draftOfTopic(topic(), cents);
    expect(draft.kind).toBe('vote');
    expect(draft.nodeId).toBe('2000000001');
    expect(draft.title).toBe('Lunch?');
    expect(draft.content).toBe('<p>Where do we eat?</p>');
    expect(draft.gate).toEqual({ type: 'money', value: '2.99', currency: 'USD' });
  });

  it('checks an edited vote without its options and deadline, which stay', () => {
    const draft = draftOfTopic(topic(), cents);
    expect(validateDraft(draft, { now: 5, nodePostable: false, editing: true })).toEqual({});
    expect(Object.keys(validateDraft(draft, { now: 5, nodePostable: false }))).toEqual(['node', 'voteOptions', 'voteDeadline']);
    draft.title = ' ';
    expect(Object.keys(validateDraft(draft, { now: 5, nodePostable: true, editing: true }))).toEqual(['title']);
  });

  it('saves an article with its id and slug, not as a new one', () => {
    const draft = draftOfArticle(article(), cents);
    draft.title = 'Welcome, again';
    const roles = [{ type: 'level', value: 'lv3' }];
    expect(articleEditInput(draft, '1000000002', 'welcome', roles)).toEqual({
      id: '1000000002',
      slug: 'welcome',
      title: 'Welcome, again',
      content: draft.content,
      featuredImage: '/api/media/9/cover.png',
      category: { slug: 'news' },
      tags: [{ slug: 'souk' }, { slug: 'community' }],
      roles,
    });
  });

  it('saves a topic with its id and type, without node or creation key', () => {
    const draft = draftOfTopic(topic(), cents);
    expect(topicEditInput(draft, '77', [])).toEqual({ id: '77', title: 'Lunch?', content: '<p>Where do we eat?</p>', roles: [], types: { type: 'vote' } });
  });
});
