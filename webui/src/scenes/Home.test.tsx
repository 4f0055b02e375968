import { act, screen, within } from '@testing-library/react';
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

  it("shows the home page's blocks for the device instead of the feed, in the device's order", async () => {
    const hero = { id: 'h', type: 'hero', props: { title: { en: 'Hello builder' }, subtitle: {}, image: '', align: 'left' } };
    const chat = { id: 'c', type: 'chat', props: { title: { en: 'Talk' }, text: {}, button: { en: 'Open chat' } } };
    const calls = mockFetch(
      apiResponder({
        'auth.pageData': () => json({ page: HOME_PAGE, blocks: { desktop: [hero, chat], tablet: [], mobile: [chat, hero] }, layoutVersion: 1 }),
      }),
    );
    const root = createTestRoot('en');
    root.ui.detectDevice(1280);
    const view = renderWithStores(<Home />, root, '/en');
    expect(await screen.findByRole('heading', { name: 'Hello builder' })).toBeInTheDocument();
    const order = () => [...document.querySelectorAll('[data-block-type]')].map((node) => node.getAttribute('data-block-type'));
    expect(order()).toEqual(['hero', 'chat']);
    expect(screen.queryByTestId('home-topics')).toBeNull();
    expect(sentData(calls, 'content.archive')).toEqual([]);
    act(() => root.ui.detectDevice(390));
    expect(order()).toEqual(['chat', 'hero']);
    // No blocks for the device: the greeting and the feed.
    act(() => root.ui.detectDevice(800));
    expect(await screen.findByText('Welcome to Souk')).toBeInTheDocument();
    view.unmount();
  });
});
