import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { archivePage, article, captureLive, commentsPage, gatedArticle, sentData } from '../test/content';
import { inboxViewer } from '../test/inbox';
import { renderWithStores } from '../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import type { PageRecord } from '../stores/PagesStore';
import ArticleModule from './Article';

function page(view: PageRecord['view'], id: string): PageRecord {
  return { lang: 'en', kind: 'article', view, slug: 'x', id, variant: '', name: '', title: '', layout: 'default' };
}

describe('article page', () => {
  it('shows the article, its language versions and its comments, live for members', async () => {
    mockFetch(apiResponder({ 'content.comments': () => json(commentsPage([])) }));
    const root = createTestRoot('en');
    root.auth.setViewer(inboxViewer());
    const play = captureLive(root);
    const reply = {
      article: article('100', {
        lang: 'zh-hans',
        translationMissing: true,
        tags: [{ id: '5', databaseId: '5', kind: 'tag', gqSlug: 'go', name: 'Go', uri: '/article-tag/go-5' }],
        versions: [
          { id: '100', lang: 'zh-hans', gqSlug: 'wen', title: '文章', uri: '/article/wen-100' },
          { id: '101', lang: 'es', gqSlug: 'articulo', title: 'Artículo', uri: '/es/article/articulo-101' },
        ],
      }),
    };
    renderWithStores(<ArticleModule page={page('single', '100')} content={reply} />, root, '/en/article/x-100');
    expect(screen.getByRole('heading', { level: 1, name: 'Article 100' })).toBeInTheDocument();
    expect(screen.getByTestId('translation-missing')).toHaveTextContent('you are reading the original (简体中文)');
    expect(screen.getByRole('link', { name: 'Español' })).toHaveAttribute('href', '/es/article/articulo-101');
    expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute('href', '/en/article-tag/go-5');
    expect(screen.getByTestId('article-views')).toHaveTextContent('10 views');
    expect(screen.getByTestId('rich-html')).toHaveTextContent('Body of 100');
    expect(await screen.findByText('No comments yet. Be the first to write one.')).toBeInTheDocument();
    expect(document.title).toContain('Article 100');

    play({ event: 'like_count', channel: 'article:100', data: { targetType: 'article', targetId: '100', likeCount: 7 } });
    expect(screen.getByRole('button', { name: 'Like (7)' })).toBeInTheDocument();
  });

  it('shows the excerpt and the gate of gated content, and the content once unlocked', async () => {
    const calls = mockFetch(
      apiResponder({
        'content.comments': () => json({ statusCode: 403, messages: ['locked'], codes: ['content.error.gated'] }, 403),
        'content.unlock': () => json({ gqUnlock: { success: true, asset: 'CREDIT', amount: 30 } }),
        'wallet.get': () => json({ wallet: { money: {}, credit: 0 } }),
        'content.article': () => json({ article: article('100', { content: '<p>The secret</p>' }) }),
      }),
    );
    const root = createTestRoot('en');
    root.auth.setViewer(inboxViewer());
    const reply = { article: gatedArticle('100', { type: 'credit', value: '30' }) };
    renderWithStores(<ArticleModule page={page('single', '100')} content={reply} />, root, '/en/article/x-100');
    expect(screen.getByText('Excerpt of 100')).toBeInTheDocument();
    const gate = screen.getByTestId('gate-box');
    await userEvent.click(within(gate).getByRole('button', { name: /Unlock for/ }));
    await userEvent.click(within(await screen.findByTestId('unlock-confirm')).getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('The secret')).toBeInTheDocument();
    expect(screen.queryByTestId('gate-box')).not.toBeInTheDocument();
    expect(sentData(calls, 'content.article')).toEqual([{ id: '100' }]);
  });

  it('lists a tag’s articles from the page data and reads more', async () => {
    const calls = mockFetch(apiResponder({ 'content.archive': () => json(archivePage([article('98')])) }));
    const term = { id: '5', databaseId: '5', kind: 'tag', gqSlug: 'go', name: 'Go', uri: '/article-tag/go-5' };
    renderWithStores(
      <ArticleModule page={page('tag', '5')} content={archivePage([article('100'), article('99')], { hasNextPage: true, term })} />,
      createTestRoot('en'),
      '/en/article-tag/go-5',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Go' })).toBeInTheDocument();
    expect(screen.getAllByTestId('article-card')).toHaveLength(2);
    expect(sentData(calls, 'content.archive')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'More articles' }));
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(3));
    expect(sentData(calls, 'content.archive')).toEqual([{ tag: '5', first: 20, after: '99' }]);
    expect(screen.queryByRole('button', { name: 'More articles' })).not.toBeInTheDocument();
  });
});
