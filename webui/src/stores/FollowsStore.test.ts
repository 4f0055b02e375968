import { inboxUser, inboxViewer } from '../test/inbox';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../test/stores';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup() {
  const calls = mockFetch(
    apiResponder({
      'profile.followStats': (data) =>
        json({ followStats: { userId: data.userId, followers: 5, following: 2, isFollowing: false, isFollowedBy: true, isBlocked: false } }),
      'profile.followUser': (data) => json({ gqFollowUser: { userId: data.userId, isFollowing: data.follow, followers: data.follow ? 6 : 5, following: 1 } }),
      'profile.follow': (data) =>
        json({
          follow: {
            edges: (data.after ? ['9'] : ['7', '8']).map((id) => ({ cursor: id, node: { ...inboxUser(id), description: '', isFollowing: true } })),
            pageInfo: { endCursor: data.after ? '9' : '8', hasNextPage: !data.after },
            totalCount: 3,
          },
        }),
    }),
  );
  return { calls, root: createTestRoot('en') };
}

describe('FollowsStore', () => {
  it('asks a guest to log in instead of following', async () => {
    const { calls, root } = setup();
    await root.follows.toggleFollow('7');
    expect(root.ui.isOpen('login')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('loads the counts, then follows and unfollows', async () => {
    const { calls, root } = setup();
    root.auth.setViewer(inboxViewer());
    await Promise.all([root.follows.loadStats('7'), root.follows.loadStats('7')]);
    expect(requests(calls, 'profile.followStats')).toEqual([{ userId: '7' }]);
    expect(root.follows.stats.get('7')).toMatchObject({ followers: 5, following: 2, isFollowing: false });
    await root.follows.toggleFollow('7');
    expect(requests(calls, 'profile.followUser')).toEqual([{ userId: '7', follow: true }]);
    expect(root.follows.stats.get('7')).toMatchObject({ followers: 6, isFollowing: true, isFollowedBy: true });
    await root.follows.toggleFollow('7');
    expect(requests(calls, 'profile.followUser')[1]).toEqual({ userId: '7', follow: false });
    expect(root.follows.stats.get('7')?.isFollowing).toBe(false);
  });

  it('lists the viewer’s followings 12 a page', async () => {
    const { calls, root } = setup();
    root.auth.setViewer(inboxViewer());
    await root.follows.loadLatest();
    await root.follows.loadOlder();
    await root.follows.loadOlder();
    expect(requests(calls, 'profile.follow')).toEqual([
      { userId: '42', type: 'following', first: 12 },
      { userId: '42', type: 'following', first: 12, after: '8' },
    ]);
    expect(root.follows.followings.map((user) => user.databaseId)).toEqual(['7', '8', '9']);
  });
});
