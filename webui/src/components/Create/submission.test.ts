// @vitest-environment node
import { newDraft, type Draft } from '../../stores/DraftsStore';
import {
  MAX_DEADLINE_MS,
  articleInput,
  fieldOfCode,
  firstError,
  gateRoles,
  tagSlugs,
  toMinorUnits,
  topicInput,
  validateDraft,
} from './submission';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 24 * 60 * 60 * 1000;
const context = { now: NOW, nodePostable: true };
const twoDecimals = () => 2;

function draft(kind: Draft['kind'], fields: Partial<Draft> = {}): Draft {
  return { ...newDraft(kind), title: 'A title', content: '<p>Some text</p>', nodeId: '2000000001', ...fields };
}

function keys(errors: ReturnType<typeof validateDraft>) {
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error!.key]));
}

describe('validateDraft (SPEC §5)', () => {
  it('requires a title and content whose text is not empty', () => {
    expect(keys(validateDraft(draft('normal', { title: '  ', content: '<p> </p><p><img src="/a.png"></p>' }), context))).toEqual({
      title: 'page.community.submit.error.title',
      content: 'page.community.submit.error.content',
    });
    expect(validateDraft(draft('normal'), context)).toEqual({});
  });

  it('requires a node a topic may go to', () => {
    expect(keys(validateDraft(draft('normal', { nodeId: '' }), context))).toEqual({ node: 'page.create.error.node' });
    expect(keys(validateDraft(draft('normal'), { ...context, nodePostable: false }))).toEqual({ node: 'community.error.notJoined' });
    expect(validateDraft(draft('article', { nodeId: '' }), context)).toEqual({});
  });

  it('requires a bounty’s value above zero and its deadline, within a year', () => {
    const bounty = draft('bounty');
    expect(keys(validateDraft(bounty, context))).toEqual({
      bountyValue: 'page.community.submit.error.money',
      bountyDeadline: 'page.community.submit.error.bountyDeadline',
    });
    bounty.bounty = { type: 'money', currency: 'USD', value: '0.00', deadline: NOW - 1 };
    expect(keys(validateDraft(bounty, context))).toEqual({ bountyValue: 'page.community.submit.error.money', bountyDeadline: 'community.error.deadline' });
    bounty.bounty = { type: 'money', currency: 'USD', value: '5', deadline: NOW + MAX_DEADLINE_MS + 1 };
    expect(keys(validateDraft(bounty, context))).toEqual({ bountyDeadline: 'community.error.deadline' });
    bounty.bounty.deadline = NOW + DAY;
    expect(validateDraft(bounty, context)).toEqual({});
  });

  it('requires two vote options, each with text, and a deadline', () => {
    const vote = draft('vote');
    vote.vote = { options: ['Tea'], deadline: null };
    expect(keys(validateDraft(vote, context))).toEqual({
      voteOptions: 'page.community.submit.error.voteCount',
      voteDeadline: 'page.community.submit.error.voteDeadline',
    });
    vote.vote = { options: ['Tea', ' '], deadline: NOW + DAY };
    expect(keys(validateDraft(vote, context))).toEqual({ voteOptions: 'page.community.submit.error.voteContent' });
    vote.vote.options[1] = 'Coffee';
    expect(validateDraft(vote, context)).toEqual({});
  });

  it('requires a price for paid content and a level for gated content', () => {
    expect(keys(validateDraft(draft('normal', { gate: { type: 'money', value: '', currency: 'USD' } }), context))).toEqual({ gate: 'page.create.error.price' });
    expect(keys(validateDraft(draft('normal', { gate: { type: 'vip', value: '', currency: '' } }), context))).toEqual({ gate: 'page.create.error.level' });
    expect(validateDraft(draft('normal', { gate: { type: 'credit', value: '30', currency: '' } }), context)).toEqual({});
  });

  it('checks an article’s title length, category and tags', () => {
    const article = draft('article', { title: 'x'.repeat(201) });
    article.article = { ...article.article, category: 'bad slug', tags: 'ok, -no-' };
    expect(keys(validateDraft(article, context))).toEqual({ title: 'community.error.titleLength', category: 'page.create.error.slug', tags: 'page.create.error.slug' });
  });

  it('names the first error in the order of the form', () => {
    const errors = validateDraft(draft('vote', { title: '', nodeId: '' }), context);
    expect(firstError(errors)?.[0]).toBe('title');
    expect(firstError({})).toBeNull();
  });
});

describe('the inputs sent', () => {
  it('turns prices into minor units and drops free gates', () => {
    expect(toMinorUnits('2.99', 2)).toBe('299');
    expect(toMinorUnits('3', 2)).toBe('300');
    expect(toMinorUnits('0.5', 0)).toBe('1');
    expect(gateRoles({ type: 'free', value: '', currency: '' }, twoDecimals)).toEqual([]);
    expect(gateRoles({ type: 'comment', value: '', currency: '' }, twoDecimals)).toEqual([{ type: 'comment' }]);
    expect(gateRoles({ type: 'money', value: '1.5', currency: 'USD' }, twoDecimals)).toEqual([{ type: 'money', value: '150', currency: 'USD' }]);
    expect(gateRoles({ type: 'level', value: 'lv3', currency: '' }, twoDecimals)).toEqual([{ type: 'level', value: 'lv3' }]);
  });

  it('builds mutates.createTopic for a vote, once per draft', () => {
    const vote = draft('vote', { id: 'abc123xyz' });
    vote.vote = { options: [' Tea ', 'Coffee'], deadline: NOW + DAY };
    expect(topicInput(vote, twoDecimals)).toEqual({
      title: 'A title',
      content: '<p>Some text</p>',
      cat: '2000000001',
      roles: [],
      types: { type: 'vote', vote: { type: 'single', value: [{ text: 'Tea' }, { text: 'Coffee' }], deadline: NOW + DAY } },
      idemKey: 'create:abc123xyz',
    });
  });

  it('builds a money bounty with the currency’s decimals, and a credit bounty as an integer', () => {
    const money = draft('bounty');
    money.bounty = { type: 'money', currency: 'USD', value: '5.5', deadline: NOW + DAY };
    expect(topicInput(money, twoDecimals).types).toEqual({ type: 'bounty', bounty: { type: 'money', currency: 'USD', value: '5.50', deadline: NOW + DAY } });
    const credit = draft('bounty');
    credit.bounty = { type: 'credit', currency: '', value: '30', deadline: NOW + DAY };
    expect(topicInput(credit, twoDecimals).types).toEqual({ type: 'bounty', bounty: { type: 'credit', value: '30', deadline: NOW + DAY } });
  });

  it('builds mutates.saveArticle with its terms and only the fields given', () => {
    const article = draft('article', { id: 'art12345' });
    article.article = { excerpt: ' Short ', category: 'News', tags: 'guide, guide，tips', featuredImage: '/api/media/1/a.png', lang: 'es' };
    expect(articleInput(article, twoDecimals)).toEqual({
      title: 'A title',
      content: '<p>Some text</p>',
      roles: [],
      clientId: 'create:art12345',
      lang: 'es',
      excerpt: 'Short',
      featuredImage: '/api/media/1/a.png',
      category: { slug: 'news' },
      tags: [{ slug: 'guide' }, { slug: 'tips' }],
    });
    expect(articleInput(draft('article'), twoDecimals)).not.toHaveProperty('category');
    expect(tagSlugs(' , ')).toEqual([]);
  });

  it('places the server’s refusals beside their fields', () => {
    expect(fieldOfCode('wallet.error.insufficient', 'bounty')).toBe('bountyValue');
    expect(fieldOfCode('community.error.deadline', 'vote')).toBe('voteDeadline');
    expect(fieldOfCode('community.error.deadline', 'bounty')).toBe('bountyDeadline');
    expect(fieldOfCode('community.error.notJoined', 'normal')).toBe('node');
    expect(fieldOfCode('common.error.badField', 'normal')).toBeNull();
  });
});
