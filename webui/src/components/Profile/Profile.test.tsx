import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import ProfileModule from '../../modules/Profile';
import { connection, member, T0, topic } from '../../test/community';
import { article } from '../../test/content';
import { inboxViewer } from '../../test/inbox';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { newDraft } from '../../stores/DraftsStore';
import type { MemberProfile, PageRecord } from '../../stores/PagesStore';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const page = (id: string): PageRecord => ({ lang: 'en', kind: 'profile', view: 'single', slug: 'ann', id, variant: '', name: '', title: 'Ann', layout: 'default' });
const ann: MemberProfile = { id: '7', databaseId: '7', name: 'Ann', gqSlug: 'ann', avatar: { url: '' }, description: 'Writes about tabs.', createdAt: T0, gqLevel: 'lv2', gqVIP: 'vip1' };

async function open({ id = '7', online = true, viewer = false }: { id?: string; online?: boolean; viewer?: boolean } = {}) {
  const calls = mockFetch(
    apiResponder({
      'utils.getSettings': () =>
        json({ settings: { level: { lv: [{ key: 'lv2', names: { en: 'Apprentice' } }], vip: [{ key: 'vip1', names: { en: 'Gold' } }] } } }),
      'profile.online': (data) => json({ online: { userId: data.userId, online } }),
      'profile.followStats': (data) =>
        json({ followStats: { userId: data.userId, followers: 2, following: 1, isFollowing: false, isFollowedBy: false, isBlocked: false } }),
      'profile.follow': () =>
        json({
          follow: {
            edges: [{ cursor: 'f1', node: { ...member('9', 'Bob'), description: 'Reads a lot', isFollowing: false } }],
            pageInfo: { endCursor: 'f1', hasNextPage: false },
            totalCount: 1,
          },
        }),
      'content.archive': () => json({ posts: connection([article('3', { title: 'Ann on tabs' })]) }),
      'community.topics': () => json({ topics: connection([topic('12', { title: 'Tabs forever' })]) }),
      'community.answers': () =>
        json({
          answers: connection([
            {
              id: '21', databaseId: '21', topicId: '8', content: '<p>Use <b>tabs</b></p>', author: member('7', 'Ann'), likeCount: 0, isLiked: false,
              commentCount: 0, createdAt: T0, topic: { id: '8', databaseId: '8', title: 'Tabs or spaces?' }, locked: false,
            },
            {
              id: '20', databaseId: '20', topicId: '6', content: '', author: member('7', 'Ann'), likeCount: 0, isLiked: false,
              commentCount: 0, createdAt: T0, topic: { id: '6', databaseId: '6', title: 'Members only' }, locked: true,
            },
          ]),
        }),
    }),
  );
  const root = createTestRoot('en');
  await root.settings.fetch();
  if (viewer) root.auth.setViewer({ ...inboxViewer({ id }), gqLevel: 'lv2' });
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 120 }}>
      <ProfileModule page={page(id)} profile={ann} />
    </VirtuosoMockContext.Provider>,
    root,
    '/en/profile/ann-7',
  );
  return { root, calls };
}

describe('the profile page', () => {
  beforeEach(() => stubResizeObserver());

  it('shows another member’s card with badges and the online dot, and their articles, topics and answers', async () => {
    const { calls } = await open();
    expect(screen.getByRole('heading', { name: 'Ann' })).toBeInTheDocument();
    expect(screen.getByText('Writes about tabs.')).toBeInTheDocument();
    const badges = screen.getByTestId('profile-badges');
    expect(within(badges).getByText('Apprentice')).toBeInTheDocument();
    expect(within(badges).getByText('Gold')).toBeInTheDocument();
    expect(await screen.findByTestId('online-dot')).toHaveAccessibleName('Online');
    expect(requests(calls, 'profile.online')).toEqual([{ userId: '7' }]);

    expect(await screen.findByText('Ann on tabs')).toBeInTheDocument();
    expect(requests(calls, 'content.archive')).toEqual([{ authorId: '7', first: 20 }]);
    const tabs = screen.getByRole('tablist');
    expect(within(tabs).queryByRole('tab', { name: /Drafts/ })).toBeNull();

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Topics' }));
    expect(await screen.findByText('Tabs forever')).toBeInTheDocument();
    expect(requests(calls, 'community.topics')).toEqual([{ authorId: '7', first: 20 }]);

    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'Topics' }), { key: 'ArrowRight' });
    expect(within(tabs).getByRole('tab', { name: 'Answers' })).toHaveAttribute('aria-selected', 'true');
    const cards = await screen.findAllByTestId('answer-card');
    expect(within(cards[0]).getByRole('link', { name: 'Tabs or spaces?' })).toHaveAttribute('href', '/en/community/tabs-or-spaces-8');
    expect(within(cards[0]).getByRole('link', { name: 'Use tabs' })).toHaveAttribute('href', '/en/community-answer/tabs-or-spaces-21');
    expect(within(cards[1]).getByText(/restricted/)).toBeInTheDocument();
  });

  it('opens the followers list from the count, and asks a guest to log in to follow', async () => {
    const { root, calls } = await open({ online: false });
    await waitFor(() => expect(requests(calls, 'profile.online')).toHaveLength(1));
    expect(screen.queryByTestId('online-dot')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '2 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    const row = await within(dialog).findByTestId('follow-row');
    expect(row).toHaveAttribute('href', '/en/profile/member9-9');
    expect(within(row).getByText('Reads a lot')).toBeInTheDocument();
    expect(requests(calls, 'profile.follow')).toEqual([{ userId: '7', type: 'followers', first: 20 }]);

    fireEvent.click(screen.getByTestId('follow-button'));
    expect(root.ui.isOpen('login')).toBe(true);
    expect(requests(calls, 'profile.followUser')).toHaveLength(0);
  });

  it('gives the member their drafts tab on their own profile', async () => {
    const { root } = await open({ id: '42', viewer: true });
    act(() => {
      root.drafts.load('42');
      root.drafts.save({ ...newDraft('vote'), title: 'Lunch poll', content: '<p>Where do we eat?</p>' });
    });
    const tabs = screen.getByRole('tablist');
    fireEvent.click(within(tabs).getByRole('tab', { name: /Drafts/ }));
    const drafts = await screen.findByTestId('profile-drafts');
    expect(within(drafts).getByRole('link', { name: 'Lunch poll' })).toHaveAttribute('href', '/en/create?drafts=1');
    expect(within(drafts).getByText('Where do we eat?')).toBeInTheDocument();
    expect(within(drafts).getByText('Vote')).toBeInTheDocument();

    fireEvent.click(within(drafts).getByRole('button', { name: 'Delete the draft Lunch poll' }));
    const confirm = await screen.findByTestId('profile-draft-delete-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(root.drafts.count).toBe(0);
    expect(await screen.findByText(/^No drafts yet/)).toBeInTheDocument();
  });
});
