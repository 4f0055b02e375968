import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { LiveEvent } from '../../api/live';
import { article, captureLive, comment, commentsPage, sentData } from '../../test/content';
import { inboxUser, inboxViewer } from '../../test/inbox';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import type { RootStore } from '../../stores/RootStore';
import { ArticleCard } from './ArticleCard';
import { Comments } from './Comments';
import { textToHtml } from './commentInput';
import { GateBox } from './GateBox';
import { LikeButton } from './LikeButton';
import { RichHtml } from './RichHtml';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function memberRoot(viewer = inboxViewer()): RootStore {
  const root = createTestRoot('en');
  root.auth.setViewer(viewer);
  return root;
}

describe('RichHtml', () => {
  it('drops scripts and handlers, and opens pictures in the image viewer', async () => {
    renderWithStores(<RichHtml html={'<p>Hi<script>alert(1)</script></p><img src="/a.png" alt="A cat" onerror="alert(2)"><img src="/b.png" alt="">'} />);
    const body = screen.getByTestId('rich-html');
    expect(body.innerHTML).not.toContain('script');
    expect(body.innerHTML).not.toContain('onerror');
    await userEvent.click(screen.getByRole('button', { name: 'Open the picture: A cat' }));
    const viewer = await screen.findByTestId('image-viewer');
    expect(within(viewer).getByText('1 / 2')).toBeInTheDocument();
  });

  it('opens links to the site in the app and others in a new tab', async () => {
    renderWithStores(
      <>
        <RichHtml html={'<a href="/en/article/x-1">inside</a> <a href="https://example.com" target="_blank">outside</a>'} />
        <Location />
      </>,
    );
    expect(screen.getByRole('link', { name: 'outside' })).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(screen.getByRole('link', { name: 'inside' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/en/article/x-1');
  });
});

describe('RichHtml mentions', () => {
  it('keeps a mention a link to the member’s profile and opens it in the reader’s language', async () => {
    renderWithStores(
      <>
        <RichHtml html={'<p>thanks <a href="/profile/ann-7" data-mention="7" rel="nofollow noopener">@ann</a> and @ghost</p>'} />
        <Location />
      </>,
      createTestRoot('es'),
    );
    const mention = screen.getByRole('link', { name: '@ann' });
    expect(mention).toHaveAttribute('data-mention', '7');
    expect(mention).toHaveAttribute('href', '/es/profile/ann-7');
    expect(screen.queryByRole('link', { name: '@ghost' })).toBeNull();
    await userEvent.click(mention);
    expect(screen.getByTestId('location')).toHaveTextContent('/es/profile/ann-7');
  });
});

describe('textToHtml', () => {
  it('escapes the text and keeps paragraphs and line breaks', () => {
    expect(textToHtml('a <b>\nc\n\n\nd & e')).toBe('<p>a &lt;b&gt;<br>c</p><p>d &amp; e</p>');
  });
});

describe('LikeButton', () => {
  it('asks a guest to log in and sends nothing', async () => {
    const calls = mockFetch(apiResponder({}));
    const { root } = renderWithStores(<LikeButton targetType="article" targetId="100" liked={false} count={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Like (2)' }));
    expect(root.ui.isOpen('login')).toBe(true);
    expect(sentData(calls, 'mutates.like')).toHaveLength(0);
  });

  it('changes at once and goes back when the server refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(apiResponder({ 'mutates.like': () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response }));
    renderWithStores(<LikeButton targetType="comment" targetId="5" liked={false} count={2} />, memberRoot());
    await userEvent.click(screen.getByRole('button', { name: 'Like (2)' }));
    const button = screen.getByRole('button', { name: 'Unlike (3)' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await act(async () => answer(json({ statusCode: 403, messages: ['locked'] }, 403)));
    expect(await screen.findByRole('button', { name: 'Like (2)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('takes the server’s count and tells the caller', async () => {
    mockFetch(apiResponder({ 'mutates.like': () => json({ gqLike: { success: true, isLiked: true, likeCount: 9 } }) }));
    const onChange = vi.fn();
    renderWithStores(<LikeButton targetType="article" targetId="100" liked={false} count={2} onChange={onChange} />, memberRoot());
    await userEvent.click(screen.getByRole('button', { name: 'Like (2)' }));
    expect(await screen.findByRole('button', { name: 'Unlike (9)' })).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith({ success: true, isLiked: true, likeCount: 9 });
  });
});

describe('GateBox', () => {
  const settings = {
    currency: [{ code: 'USD', symbol: '$' }],
    credit_symbol: '✦',
    level: { lv: [{ key: 'lv3', names: { en: 'Scholar' } }], vip: [{ key: 'vip1', names: { en: 'Gold' } }] },
  };

  it('confirms the price, then offers a top-up when the balance is too low', async () => {
    const calls = mockFetch(
      apiResponder({
        'content.unlock': () => json({ statusCode: 402, messages: ['Your balance is too low'], codes: ['content.error.insufficientFunds'] }, 402),
      }),
    );
    const root = memberRoot();
    root.settings.settings = settings;
    const onUnlocked = vi.fn();
    renderWithStores(
      <GateBox targetType="article" targetId="100" gate={{ type: 'money', value: '500', currency: 'USD' }} roles={[{ type: 'money', value: '500', currency: 'USD' }, { type: 'credit', value: '30' }]} onUnlocked={onUnlocked} />,
      root,
    );
    expect(screen.getByRole('button', { name: 'Unlock for ✦30' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $5.00' }));
    const confirm = await screen.findByTestId('unlock-confirm');
    expect(within(confirm).getByText('Pay $5.00 from your wallet to unlock this content?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay $5.00' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Your balance is too low');
    expect(within(confirm).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/en/account/wealth');
    expect(sentData(calls, 'content.unlock')).toEqual([{ targetType: 'article', targetId: '100', asset: 'USD', type: 'money' }]);
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('tells the caller once the content is paid for', async () => {
    mockFetch(apiResponder({ 'content.unlock': () => json({ gqUnlock: { success: true, asset: 'CREDIT', amount: 30 } }), 'wallet.get': () => json({ wallet: { money: {}, credit: 70 } }) }));
    const root = memberRoot();
    root.settings.settings = settings;
    const onUnlocked = vi.fn();
    renderWithStores(<GateBox targetType="topic" targetId="8" gate={{ type: 'credit', value: '30' }} roles={[{ type: 'credit', value: '30' }]} onUnlocked={onUnlocked} />, root);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for ✦30' }));
    await userEvent.click(within(await screen.findByTestId('unlock-confirm')).getByRole('button', { name: 'Pay ✦30' }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('unlock-confirm')).not.toBeInTheDocument());
  });

  it('names the level or tier needed and links to the membership page', () => {
    const root = memberRoot();
    root.settings.settings = settings;
    renderWithStores(<GateBox targetType="article" targetId="1" gate={{ type: 'vip', value: 'vip1' }} roles={[{ type: 'vip', value: 'vip1' }, { type: 'level', value: 'lv3' }, { type: 'free' }]} onUnlocked={() => undefined} />, root);
    expect(screen.getByText('Gold members can read it')).toBeInTheDocument();
    expect(screen.getByText('Reach level Scholar to read it')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a member' })).toHaveAttribute('href', '/en/account/membership');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('asks a guest to log in', async () => {
    const { root } = renderWithStores(<GateBox targetType="article" targetId="1" gate={{ type: 'login' }} roles={[{ type: 'login' }]} onUnlocked={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(root.ui.isOpen('login')).toBe(true);
  });

  it('brings a comment gate’s reader to the comment box and opens once they commented', async () => {
    mockFetch(
      apiResponder({
        'content.comments': () => json({ statusCode: 403, messages: ['locked'], codes: ['content.error.gated'] }, 403),
        'mutates.createComment': () => json({ gqCreateComment: { success: true, comment: comment('1', { author: inboxUser('42') }) } }),
      }),
    );
    const onUnlocked = vi.fn();
    renderWithStores(
      <>
        <GateBox targetType="article" targetId="100" gate={{ type: 'comment' }} roles={[{ type: 'comment' }]} onUnlocked={onUnlocked} />
        <Comments targetType="article" targetId="100" />
      </>,
      memberRoot(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Write a comment' }));
    const input = screen.getByRole('textbox', { name: 'Write a comment…' });
    expect(input).toHaveFocus();
    expect(await screen.findByText('The comments open with the content.')).toBeInTheDocument();
    await userEvent.type(input, 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
  });
});

describe('Comments', () => {
  it('lists comments with replies under them, and replies and deletes', async () => {
    const calls = mockFetch(
      apiResponder({
        'content.comments': () => json(commentsPage([comment('1'), comment('2', { replyTo: '1', author: inboxUser('42', 'Viewer 42') }), comment('3', { replyTo: '2' })])),
        'mutates.createComment': () => json({ gqCreateComment: { success: true, comment: comment('4', { replyTo: '3', author: inboxUser('42', 'Viewer 42') }) } }),
        'mutates.deleteAction': () => json({ gqDeleteAction: { success: true } }),
      }),
    );
    const { root } = renderWithStores(<Comments targetType="article" targetId="100" count={3} />, memberRoot());
    expect(screen.getByRole('heading', { name: '3 comments' })).toBeInTheDocument();
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(within(replies).getAllByTestId('comment').map((item) => item.dataset.id)).toEqual(['2', '3']);
    expect(within(replies).getByText('replying to Viewer 42')).toBeInTheDocument();

    const third = within(replies).getAllByTestId('comment')[1];
    await userEvent.click(within(third).getByRole('button', { name: 'Reply' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Ada…' }), 'Agreed');
    await userEvent.click(within(screen.getByTestId('reply-composer')).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(within(replies).getAllByTestId('comment')).toHaveLength(3));
    expect(sentData(calls, 'mutates.createComment')[0]).toMatchObject({ targetType: 'article', targetId: '100', content: '<p>Agreed</p>', replyTo: '3' });
    expect(screen.queryByTestId('reply-composer')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4 comments' })).toBeInTheDocument();

    // Only the viewer's own comments offer delete (the viewer is no administrator).
    expect(screen.getAllByRole('button', { name: 'Delete comment' })).toHaveLength(2);
    const own = within(replies).getAllByTestId('comment')[0];
    await userEvent.click(within(own).getByRole('button', { name: 'Delete comment' }));
    await userEvent.click(within(await screen.findByTestId('comment-delete-confirm')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentData(calls, 'mutates.deleteAction')).toEqual([{ id: '2', type: 'comment' }]));
    await waitFor(() => expect(screen.queryByText('comment 2')).not.toBeInTheDocument());
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Deleted successfully');
  });

  it('shows comments others write as they come, once each', async () => {
    mockFetch(apiResponder({ 'content.comments': () => json(commentsPage([comment('1')])) }));
    const root = memberRoot();
    const play = captureLive(root);
    renderWithStores(<Comments targetType="article" targetId="100" channel="article:100" />, root);
    await screen.findByText('comment 1');
    const created: LiveEvent = { event: 'comment_created', channel: 'article:100', data: { targetType: 'article', targetId: '100', commentCount: 2, comment: comment('2') } };
    play(created);
    play(created);
    play({ event: 'comment_created', channel: 'article:100', data: { targetType: 'answer', targetId: '9', commentCount: 1, comment: comment('3') } });
    expect(screen.getAllByTestId('comment').map((item) => item.dataset.id)).toEqual(['1', '2']);
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
    play({ event: 'like_count', channel: 'article:100', data: { targetType: 'comment', targetId: '2', likeCount: 4 } });
    expect(within(screen.getAllByTestId('comment')[1]).getByRole('button', { name: 'Like (4)' })).toBeInTheDocument();
    play({ event: 'deleted', channel: 'article:100', data: { targetType: 'comment', id: '1' } });
    expect(screen.getAllByTestId('comment').map((item) => item.dataset.id)).toEqual(['2']);
  });

  it('does not ask for the comments of gated content, and reads them once it opens', async () => {
    const calls = mockFetch(apiResponder({ 'content.comments': () => json(commentsPage([comment('1')])) }));
    const asked = () => calls.filter((c) => c.body?.action === 'content.comments').length;
    function Unlockable() {
      const [gated, setGated] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setGated(false)}>
            unlock
          </button>
          <Comments targetType="article" targetId="100" gated={gated} />
        </>
      );
    }
    renderWithStores(<Unlockable />, memberRoot());
    expect(screen.getByText('The comments open with the content.')).toBeInTheDocument();
    expect(asked()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'unlock' }));
    expect(await screen.findAllByTestId('comment')).toHaveLength(1);
    expect(asked()).toBe(1);
  });

  it('offers a guest the login box instead of the comment box, and watches nothing', async () => {
    mockFetch(apiResponder({ 'content.comments': () => json(commentsPage([])) }));
    const root = createTestRoot('en');
    const subscribe = vi.spyOn(root.realtime.live, 'subscribe');
    renderWithStores(<Comments targetType="topic" targetId="8" channel="topic:8" />, root);
    expect(await screen.findByText('No comments yet. Be the first to write one.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(root.ui.isOpen('login')).toBe(true);
    expect(subscribe).not.toHaveBeenCalled();
  });
});

describe('ArticleCard', () => {
  it('links the title to the article and shows its counts and lock', () => {
    renderWithStores(<ArticleCard article={article('100', { gated: true, viewsCache: 1200, commentCount: 3, category: { id: '4', databaseId: '4', kind: 'category', gqSlug: 'news', name: 'News', uri: '/article-archive/news-4' } })} />, createTestRoot('en'), '/en');
    expect(screen.getByRole('link', { name: 'Article 100' })).toHaveAttribute('href', '/en/article/article-100-100');
    expect(screen.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/en/article-archive/news-4');
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(screen.getByText('1200 views')).toBeInTheDocument();
    expect(screen.getByText('3 comments')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/en/profile/member7-7');
  });
});
