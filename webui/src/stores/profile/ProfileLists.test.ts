import type { AuthoredAnswerView } from '../../api/wire.gen';
import { connection, member, T0, topic } from '../../test/community';
import { article } from '../../test/content';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { OnlineStatus, ONLINE_POLL_MS } from './OnlineStatus';
import { ProfileLists } from './ProfileLists';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function authoredAnswer(id: string, overrides: Partial<AuthoredAnswerView> = {}): AuthoredAnswerView {
  return {
    id,
    databaseId: id,
    topicId: '8',
    content: `<p>Answer ${id}</p>`,
    author: member('7', 'Ann'),
    likeCount: 1,
    isLiked: false,
    commentCount: 0,
    createdAt: T0 + Number(id) * 60_000,
    topic: { id: '8', databaseId: '8', title: 'Tabs or spaces?' },
    locked: false,
    ...overrides,
  };
}

function setup(online = true) {
  const calls = mockFetch(
    apiResponder({
      'content.archive': () => json({ posts: connection([article('3')]) }),
      'community.topics': () => json({ topics: connection([topic('12')]) }),
      'community.answers': (data) =>
        json({ answers: data.after ? connection([authoredAnswer('4')]) : connection([authoredAnswer('6'), authoredAnswer('5')], true) }),
      // Follows come in the order they happened, not by member id.
      'profile.follow': (data) =>
        json({
          follow: {
            edges: (data.after ? ['3'] : ['9', '2']).map((id) => ({ cursor: `f${id}`, node: { ...member(id), description: '', isFollowing: false } })),
            pageInfo: { endCursor: data.after ? 'f3' : 'f2', hasNextPage: !data.after },
            totalCount: 3,
          },
        }),
      'profile.online': (data) => json({ online: { userId: data.userId, online } }),
    }),
  );
  return { calls, root: createTestRoot('en') };
}

describe('ProfileLists', () => {
  it('reads each tab’s list of the member, once, as the tab is shown', async () => {
    const { calls, root } = setup();
    const lists = new ProfileLists(root, '7');
    expect(lists.tab).toBe('articles');
    await lists.articles.loadLatest();
    await lists.topics.loadLatest();
    expect(lists.articles).toBe(lists.articles);
    expect(requests(calls, 'content.archive')).toEqual([{ authorId: '7', first: 20 }]);
    expect(requests(calls, 'community.topics')).toEqual([{ authorId: '7', first: 20 }]);
    expect(lists.articles.items.map((a) => a.databaseId)).toEqual(['3']);
    expect(lists.topics.items.map((t) => t.databaseId)).toEqual(['12']);
    lists.select('answers');
    expect(lists.tab).toBe('answers');
  });

  it('pages a member’s answers, newest first', async () => {
    const { calls, root } = setup();
    const { answers } = new ProfileLists(root, '7');
    await answers.loadLatest();
    expect(answers.hasMore).toBe(true);
    await answers.loadMore();
    expect(requests(calls, 'community.answers')).toEqual([
      { authorId: '7', first: 20 },
      { authorId: '7', first: 20, after: '5' },
    ]);
    expect(answers.items.map((a) => a.databaseId)).toEqual(['6', '5', '4']);
    expect(answers.hasMore).toBe(false);
  });

  it('keeps a follow list in the order of the follows, with its length, and reads it afresh on each opening', async () => {
    const { calls, root } = setup();
    const lists = new ProfileLists(root, '7');
    lists.openFollows('followers');
    const followers = lists.follows('followers');
    await followers.loadLatest();
    await followers.loadMore();
    expect(requests(calls, 'profile.follow')).toEqual([
      { userId: '7', type: 'followers', first: 20 },
      { userId: '7', type: 'followers', first: 20, after: 'f2' },
    ]);
    expect(followers.items.map((u) => u.databaseId)).toEqual(['9', '2', '3']);
    expect(followers.totalCount).toBe(3);
    lists.closeFollows();
    expect(lists.followKind).toBeNull();
    lists.openFollows('followers');
    expect(lists.follows('followers')).not.toBe(followers);
    expect(lists.follows('following').kind).toBe('following');
  });
});

describe('OnlineStatus', () => {
  afterEach(() => vi.useRealTimers());

  it('asks when started and again every period until stopped', async () => {
    vi.useFakeTimers();
    const { calls, root } = setup(true);
    const status = new OnlineStatus(root, '7');
    expect(status.online).toBeNull();
    const stop = status.start();
    await vi.waitFor(() => expect(status.online).toBe(true));
    await vi.advanceTimersByTimeAsync(ONLINE_POLL_MS);
    expect(requests(calls, 'profile.online')).toEqual([{ userId: '7' }, { userId: '7' }]);
    stop();
    await vi.advanceTimersByTimeAsync(ONLINE_POLL_MS * 2);
    expect(requests(calls, 'profile.online')).toHaveLength(2);
  });

  it('shows nothing new when the look fails', async () => {
    mockFetch(apiResponder({ 'profile.online': () => json({ statusCode: 500, messages: ['Internal Server Error'] }, 500) }));
    const root = createTestRoot('en');
    const status = new OnlineStatus(root, '7');
    await status.refresh();
    expect(status.online).toBeNull();
    expect(root.toasts.toasts).toHaveLength(0);
  });
});
