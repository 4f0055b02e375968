import { archivePage, article, comment, commentsPage, sentData } from '../test/content';
import { inboxUser, inboxViewer } from '../test/inbox';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';

type Replies = Parameters<typeof apiResponder>[0];

function setup(replies: Replies = {}, { member = true } = {}) {
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  if (member) root.auth.setViewer(inboxViewer());
  return { calls, root };
}

describe('ContentStore likes', () => {
  it('asks a guest to log in instead of liking', async () => {
    const { calls, root } = setup({}, { member: false });
    expect(await root.content.like('article', '100', true)).toBeNull();
    expect(root.ui.isOpen('login')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('likes an article and keeps the new count on the article held', async () => {
    const { calls, root } = setup({ 'mutates.like': () => json({ gqLike: { success: true, isLiked: true, likeCount: 3 } }) });
    root.content.putArticle(article('100'));
    const result = await root.content.like('article', '100', true);
    expect(sentData(calls, 'mutates.like')).toEqual([{ targetType: 'article', targetId: '100', like: true }]);
    expect(result).toMatchObject({ isLiked: true, likeCount: 3 });
    expect(root.content.articles.get('100')).toMatchObject({ isLiked: true, likeCount: 3 });
  });
});

describe('ContentStore unlock and delete', () => {
  it('answers insufficient funds without a toast, so the price can offer a top-up', async () => {
    const { root } = setup({
      'content.unlock': () => json({ statusCode: 402, messages: ['Your balance is too low'], codes: ['content.error.insufficientFunds'] }, 402),
    });
    expect(await root.content.unlock('article', '100', 'USD')).toBe('insufficient');
    expect(root.toasts.toasts).toHaveLength(0);
  });

  it('unlocks, says so and reads the balances again', async () => {
    const { calls, root } = setup({
      'content.unlock': () => json({ gqUnlock: { success: true, asset: 'USD', amount: 500 } }),
      'wallet.get': () => json({ wallet: { money: { USD: '5.00' }, credit: 0 } }),
    });
    expect(await root.content.unlock('article', '100', 'USD')).toBe('unlocked');
    expect(sentData(calls, 'content.unlock')).toEqual([{ targetType: 'article', targetId: '100', asset: 'USD' }]);
    expect(root.toasts.toasts.map((toast) => [toast.type, toast.message])).toEqual([['success', 'Unlocked: enjoy reading']]);
    expect(sentData(calls, 'wallet.get')).toHaveLength(1);
  });

  it('shows other refusals as toasts', async () => {
    const { root } = setup({ 'content.unlock': () => json({ statusCode: 400, messages: ['Cannot be bought'], codes: ['content.error.notForSale'] }, 400) });
    expect(await root.content.unlock('article', '100')).toBe('failed');
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['Cannot be bought']);
  });

  it('deletes an article from every list and says it is gone', async () => {
    const { calls, root } = setup({
      'content.archive': () => json(archivePage([article('101'), article('100')])),
      'mutates.deleteAction': () => json({ gqDeleteAction: { success: true } }),
    });
    const list = root.content.list({});
    await list.loadLatest();
    expect(await root.content.deleteItem('article', '100')).toBe(true);
    expect(sentData(calls, 'mutates.deleteAction')).toEqual([{ id: '100', type: 'article' }]);
    expect(list.items.map((item) => item.databaseId)).toEqual(['101']);
    expect(root.toasts.toasts.map((toast) => [toast.type, toast.message])).toEqual([['success', 'Deleted successfully']]);
  });
});

describe('ArticleList', () => {
  it('starts from the page data and reads the next pages of its term', async () => {
    const { calls, root } = setup({ 'content.archive': () => json(archivePage([article('98')])) });
    const list = root.content.list({ tag: '5' }, 2);
    const term = { id: '5', databaseId: '5', kind: 'tag', gqSlug: 'go', name: 'Go', uri: '/article-tag/go-5' };
    const reply = archivePage([article('100'), article('99')], { hasNextPage: true, term });
    root.content.takeArchivePage(list, reply);
    expect(list.status).toBe('ready');
    expect(list.term?.name).toBe('Go');
    await list.loadMore();
    expect(sentData(calls, 'content.archive')).toEqual([{ tag: '5', first: 2, after: '99' }]);
    expect(list.items.map((item) => item.databaseId)).toEqual(['100', '99', '98']);
    expect(list.hasMore).toBe(false);
    // The same page data shown again does not replace the pages read since.
    root.content.takeArchivePage(list, reply);
    expect(list.items).toHaveLength(3);
  });

  it('says when the first page failed', async () => {
    const { root } = setup({ 'content.archive': () => json({ statusCode: 500, messages: ['boom'] }, 500) });
    const list = root.content.list({});
    await list.loadLatest();
    expect(list.status).toBe('error');
  });
});

describe('CommentThread', () => {
  it('reads pages oldest first and groups replies under their top-level comment', async () => {
    const { calls, root } = setup({
      'content.comments': (data) =>
        json(
          data.after
            ? commentsPage([comment('4', { replyTo: '3' })], { commentCount: 4 })
            : commentsPage([comment('1'), comment('2', { replyTo: '1' }), comment('3', { replyTo: '2' })], { hasNextPage: true, commentCount: 4 }),
        ),
    });
    const thread = root.content.thread('article', '100');
    await thread.load();
    expect(thread.count).toBe(4);
    await thread.loadMore();
    expect(sentData(calls, 'content.comments')).toEqual([
      { targetType: 'article', targetId: '100', first: 20 },
      { targetType: 'article', targetId: '100', first: 20, after: '3' },
    ]);
    expect(thread.groups.map((group) => [group.comment.databaseId, group.replies.map((reply) => reply.databaseId)])).toEqual([['1', ['2', '3', '4']]]);
  });

  it('keeps the viewer’s comment once when its live event comes too', async () => {
    const mine = comment('5', { author: inboxUser('42', 'Viewer 42') });
    const { calls, root } = setup({
      'content.comments': () => json(commentsPage([comment('1')])),
      'mutates.createComment': () => json({ gqCreateComment: { success: true, comment: mine } }),
    });
    const thread = root.content.thread('article', '100');
    await thread.load();
    expect(await thread.send('<p>hello</p>')).toBe(true);
    thread.receiveLive(mine, 2);
    expect(thread.items.map((item) => item.databaseId)).toEqual(['1', '5']);
    expect(thread.count).toBe(2);
    expect(sentData(calls, 'mutates.createComment')[0]).toMatchObject({ targetType: 'article', targetId: '100', content: '<p>hello</p>' });
    expect(root.content.hasCommented('article', '100')).toBe(true);
  });

  it('leaves others’ live comments to the pages not read yet, and reads them when the event carries none', async () => {
    const { calls, root } = setup({
      'content.comments': (data) => json(data.after === '2' ? commentsPage([comment('3')], { commentCount: 3 }) : commentsPage([comment('1'), comment('2')], { hasNextPage: !data.after })),
    });
    const thread = root.content.thread('article', '100');
    await thread.load();
    thread.receiveLive(comment('9'), 3);
    expect(thread.items).toHaveLength(2);
    expect(thread.count).toBe(3);
    await thread.loadMore();
    // Every page read now: a gated event without the comment reads what came after the newest held.
    thread.receiveLive(undefined, 3);
    await vi.waitFor(() => expect(sentData(calls, 'content.comments')).toHaveLength(3));
    expect(sentData(calls, 'content.comments')[2]).toMatchObject({ after: '3' });
  });

  it('is gated while the server refuses the comments, and opens after the viewer comments', async () => {
    let open = false;
    const { root } = setup({
      'content.comments': () => (open ? json(commentsPage([comment('1')])) : json({ statusCode: 403, messages: ['locked'], codes: ['content.error.gated'] }, 403)),
      'mutates.createComment': () => {
        open = true;
        return json({ gqCreateComment: { success: true, comment: comment('1', { author: inboxUser('42') }) } });
      },
    });
    const thread = root.content.thread('article', '100');
    await thread.load();
    expect(thread.status).toBe('gated');
    expect(root.toasts.toasts).toHaveLength(0);
    await thread.send('<p>me</p>');
    expect(thread.status).toBe('idle');
    await thread.load();
    expect(thread.status).toBe('ready');
  });

  it('keeps the client id of a send that got no answer, and drops a refused one', async () => {
    let status = 503;
    const { calls, root } = setup({ 'mutates.createComment': () => json({ statusCode: status, messages: ['nope'] }, status) });
    const thread = root.content.thread('article', '100');
    await thread.send('<p>a</p>');
    await thread.send('<p>a</p>');
    status = 400;
    await thread.send('<p>a</p>');
    await thread.send('<p>a</p>');
    const ids = sentData(calls, 'mutates.createComment').map((data) => data.clientId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[1]);
    expect(ids[3]).not.toBe(ids[2]);
  });

  it('drops deleted comments and counts them out', async () => {
    const { root } = setup({
      'content.comments': () => json(commentsPage([comment('1'), comment('2')])),
      'mutates.deleteAction': () => json({ gqDeleteAction: { success: true } }),
    });
    const thread = root.content.thread('article', '100');
    await thread.load();
    await thread.deleteComment(thread.items[0]);
    thread.drop('2');
    expect(thread.items).toHaveLength(0);
    expect(thread.count).toBe(0);
  });

  it('starts over when the viewer changes', async () => {
    const { root } = setup({ 'content.comments': () => json(commentsPage([comment('1')])) });
    const thread = root.content.thread('article', '100');
    await thread.load();
    root.content.markCommented('article', '100');
    root.auth.setViewer(inboxViewer({ id: '43' }));
    expect(thread.status).toBe('idle');
    expect(thread.items).toHaveLength(0);
    expect(root.content.hasCommented('article', '100')).toBe(false);
  });
});
