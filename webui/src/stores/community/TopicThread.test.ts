import type { LiveEvent } from '../../api/live';
import { answer, communityPage, connection, node, T0, topic } from '../../test/community';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { walletViewer } from '../../test/wallet';
import { TopicThread } from './TopicThread';

const PATH = '/en/community/topic-8';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const voteTopic = () =>
  topic('8', {
    type: 'vote',
    vote: { deadline: T0 + 86_400_000, closed: false, value: [{ text: 'Yes', count: 1 }, { text: 'No', count: 0 }], total: 1, voted: -1 },
  });

function setup(options: { topic?: ReturnType<typeof topic>; signedIn?: boolean; replies?: Parameters<typeof apiResponder>[0] } = {}) {
  const calls = mockFetch(
    apiResponder({
      'community.vote': (data) =>
        json({ vote: { deadline: T0 + 86_400_000, closed: false, value: [{ text: 'Yes', count: 1 }, { text: 'No', count: 1 }], total: 2, voted: data.option } }),
      'mutates.createAnswer': () => json({ answer: answer('30', { author: { ...answer('30').author, databaseId: '42', id: '42' } }) }),
      'auth.pageData': (data) =>
        json(communityPage('single', '8', { topic: voteTopic(), node: node('5'), answers: connection((data.args as { after?: string })?.after === '21' ? [answer('22')] : []) })),
      'community.award': () =>
        json({ topic: topic('8', { type: 'bounty', bounty: { type: 'money', currency: 'USD', value: '10.00', deadline: T0 + 1e9, state: 'awarded', awards: [] } }) }),
      ...options.replies,
    }),
  );
  const root = createTestRoot('en');
  if (options.signedIn !== false) root.auth.setViewer(walletViewer());
  const thread = new TopicThread(root, PATH, {
    view: 'single',
    topic: options.topic ?? voteTopic(),
    node: node('5'),
    answers: connection([answer('20'), answer('21')]),
  });
  return { root, calls, thread };
}

describe('TopicThread', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('votes once for an option and shows the tallies that come back', async () => {
    const { thread, calls } = setup();
    expect(await thread.vote(1)).toBe(true);
    expect(requests(calls, 'community.vote')).toEqual([{ topicId: '8', option: 1 }]);
    expect(thread.topic.vote?.voted).toBe(1);
    expect(thread.topic.vote?.total).toBe(2);
  });

  it('asks a guest to log in instead of voting or answering', async () => {
    const { thread, calls, root } = setup({ signedIn: false });
    expect(await thread.vote(0)).toBe(false);
    expect(await thread.answer('<p>hi</p>')).toBeNull();
    expect(root.ui.isOpen('login')).toBe(true);
    expect(calls.filter((call) => call.body?.action !== 'auth.viewer')).toEqual([]);
  });

  it('keeps its own choice when live tallies come (their voted is -1)', async () => {
    const { thread } = setup();
    await thread.vote(0);
    thread.receive({ event: 'vote_tally', channel: 'topic:8', data: { topicId: '8', vote: { ...voteTopic().vote!, total: 5, voted: -1 } } });
    expect(thread.topic.vote?.total).toBe(5);
    expect(thread.topic.vote?.voted).toBe(0);
  });

  it('answers with one key per answer: a failed send retries with the same key, the answer is counted once', async () => {
    let fail = true;
    const { thread, calls, root } = setup({
      replies: {
        'mutates.createAnswer': () =>
          fail ? json({ statusCode: 503, messages: ['Try again'] }, 503) : json({ answer: answer('30') }),
      },
    });
    expect(await thread.answer('<p>mine</p>')).toBeNull();
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Try again');
    fail = false;
    expect((await thread.answer('<p>mine</p>'))?.databaseId).toBe('30');
    await thread.answer('<p>another</p>');
    const keys = requests(calls, 'mutates.createAnswer').map((data) => data.idemKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    thread.receive({ event: 'answer_created', channel: 'topic:8', data: { topicId: '8', answerCount: 1, answer: answer('30') } });
    expect(thread.answers.items.map((a) => a.databaseId)).toEqual(['20', '21', '30']);
    expect(thread.topic.answerCount).toBe(1);
  });

  it('reads what came after the newest answer when an event tells of one without carrying it', async () => {
    const { thread, calls } = setup();
    thread.receive({ event: 'answer_created', channel: 'topic:8', data: { topicId: '8', answerCount: 3 } });
    await vi.waitFor(() => expect(thread.answers.items.map((a) => a.databaseId)).toEqual(['20', '21', '22']));
    expect(requests(calls, 'auth.pageData')).toEqual([{ path: PATH, args: { after: '21' } }]);
    expect(thread.topic.answerCount).toBe(3);
  });

  it('follows likes, comments, the bounty and deletions of the topic and its answers', () => {
    const { thread } = setup();
    const events: LiveEvent[] = [
      { event: 'like_count', channel: 'topic:8', data: { targetType: 'topic', targetId: '8', likeCount: 4 } },
      { event: 'like_count', channel: 'topic:8', data: { targetType: 'answer', targetId: '20', likeCount: 2 } },
      { event: 'comment_created', channel: 'topic:8', data: { targetType: 'topic', targetId: '8', commentCount: 6 } },
      { event: 'comment_created', channel: 'topic:8', data: { targetType: 'answer', targetId: '21', commentCount: 1 } },
      { event: 'deleted', channel: 'topic:8', data: { targetType: 'answer', id: '20' } },
      { event: 'viewing', channel: 'topic:8', data: { count: 3 } },
    ];
    thread.topic.answerCount = 2;
    for (const event of events) thread.receive(event);
    expect(thread.topic.likeCount).toBe(4);
    expect(thread.topic.commentCount).toBe(6);
    expect(thread.answers.get('21')?.commentCount).toBe(1);
    expect(thread.answers.items.map((a) => a.databaseId)).toEqual(['21']);
    expect(thread.topic.answerCount).toBe(1);
    expect(thread.viewing).toBe(3);
    thread.receive({ event: 'topic_deleted', channel: 'topic:8', data: { id: '8' } });
    expect(thread.deleted).toBe(true);
    expect(thread.closedReason(T0)).toBe('deleted');
  });

  it('says why a topic takes no answers: its bounty settled or its deadline passed', () => {
    const bounty = { type: 'money', currency: 'USD', value: '10.00', deadline: T0 + 60_000, state: 'open', awards: [] };
    const { thread } = setup({ topic: topic('8', { type: 'bounty', bounty }) });
    expect(thread.closedReason(T0)).toBeNull();
    expect(thread.closedReason(T0 + 60_000)).toBe('ended');
    thread.receive({ event: 'bounty_changed', channel: 'topic:8', data: { topicId: '8', bounty: { ...bounty, state: 'awarded' } } });
    expect(thread.closedReason(T0)).toBe('settled');
  });

  it('lets the author award the picked answers in equal parts or in shares', async () => {
    const bounty = { type: 'money', currency: 'USD', value: '10.00', deadline: T0 + 60_000, state: 'open', awards: [] };
    const author = topic('8', { type: 'bounty', bounty, author: { ...topic('8').author, id: '42', databaseId: '42' } });
    const { thread, calls, root } = setup({ topic: author });
    expect(thread.mayAward(T0)).toBe(true);
    expect(thread.mayAward(T0 + 60_000)).toBe(false);
    thread.toggleAward('20');
    thread.toggleAward('21');
    thread.setAwardEqually(false);
    thread.setShare('20', '7.50');
    thread.setShare('21', '2.50');
    expect(await thread.award()).toBe(true);
    expect(requests(calls, 'community.award')).toEqual([{ topicId: '8', answerIds: ['20', '21'], shares: ['7.50', '2.50'] }]);
    expect(thread.topic.bounty?.state).toBe('awarded');
    expect(thread.awardPicks.size).toBe(0);
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['The bounty was awarded']);
  });

  it('lets only the author or an administrator delete', () => {
    const { thread, root } = setup();
    expect(thread.mayDelete('7')).toBe(false);
    expect(thread.mayDelete('42')).toBe(true);
    root.auth.setViewer(walletViewer({ gqRoles: { isAdmin: true, userCan: [] } }));
    expect(thread.mayDelete('7')).toBe(true);
  });
});
