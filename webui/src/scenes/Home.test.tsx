import { screen, within } from '@testing-library/react';
import { archivePage, article, captureLive, sentData, topic } from '../test/content';
import { inboxViewer } from '../test/inbox';
import { renderWithStores } from '../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import Home from './Home';

const HOME_PAGE = { lang: 'en', kind: 'home', view: '', slug: '', id: '', variant: '', name: '', title: '', layout: 'default' };

describe('home page', () => {
  it('shows the newest articles and topics, and new topics as members post them', async () => {
    const calls = mockFetch(
      apiResponder({
        'auth.pageData': () => json({ page: HOME_PAGE, modules: [], guaqi: {} }),
        'content.archive': () => json(archivePage([article('100'), article('99')])),
        'community.topics': () => json({ topics: { edges: [{ cursor: '20', node: topic('20') }], pageInfo: { endCursor: '20', hasNextPage: false } } }),
      }),
    );
    const root = createTestRoot('en');
    root.auth.setViewer(inboxViewer());
    const play = captureLive(root);
    renderWithStores(<Home />, root, '/en');
    expect(await screen.findAllByTestId('article-card')).toHaveLength(2);
    const topics = await screen.findByTestId('home-topics');
    expect(within(topics).getAllByTestId('topic-card')).toHaveLength(1);
    expect(sentData(calls, 'content.archive')).toEqual([{ first: 12 }]);
    expect(screen.getByRole('link', { name: /All topics/ })).toHaveAttribute('href', '/en/community');

    play({ event: 'topic_created', channel: 'feed', data: { topic: topic('21') } });
    expect(within(topics).getAllByTestId('topic-card').map((card) => card.dataset.topicId)).toEqual(['21', '20']);
  });
});
