import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Block, Blocks } from '../../../models/builder';
import { product } from '../../../stores/shop/fixtures';
import { node } from '../../../test/community';
import { archivePage, article, sentData, topic } from '../../../test/content';
import { renderWithStores } from '../../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../../test/stores';
import { BlockList, pageBlocks } from './BlockList';

vi.mock('../../Audio/AudioTrackList', () => ({
  AudioTrackList: ({ title, items }: { title: string; items: { title: string }[] }) => (
    <div data-testid="audio-track-list">
      {title}: {items.map((item) => item.title).join(', ')}
    </div>
  ),
}));

const text = (en: string, zh = `${en} zh`) => ({ en, 'zh-hans': zh });
const LIST = { title: text('Picked'), ref: '', ids: [] as string[], view: 'cards' as const, count: 2, columns: 2 };

/** One block of every type. */
const EVERY_BLOCK: Block[] = [
  { id: 'hero', type: 'hero', props: { title: text('Big title'), subtitle: text('Sub'), image: '', cta: { label: text('Start'), url: '/community' }, align: 'center' } },
  { id: 'text', type: 'text', props: { html: { en: '<p>Rich <b>text</b></p><img src="x" onerror="alert(1)">' } } },
  { id: 'image', type: 'image', props: { images: [{ url: '/a.png', caption: text('Alpha') }, { url: '/b.png', caption: text('Beta') }], aspect: '16/9', autoplay: true } },
  { id: 'articles', type: 'articles', props: { ...LIST, source: 'category', ref: '5' } },
  { id: 'topics', type: 'topics', props: { ...LIST, source: 'picked', ids: ['21', '20'], view: 'list' } },
  { id: 'products', type: 'products', props: { ...LIST, source: 'latest', view: 'masonry' } },
  { id: 'menu', type: 'menu', props: { items: [{ label: text('Shop'), url: '/shop' }, { label: text('Mail'), url: 'mailto:a@b.c' }], scrollX: true, scrollY: false, gap: 8, padding: 4, background: '' } },
  { id: 'nodes', type: 'nodes', props: { title: text('Nodes'), ids: ['3', '1'], count: 5 } },
  { id: 'chat', type: 'chat', props: { title: text('Join us'), text: text('Talk'), button: text('Open chat') } },
  { id: 'audio', type: 'audio', props: { title: text('Tracks'), items: [{ src: '/demo/a.wav', time: 3, thumb: '', title: 'One' }] } },
  {
    id: 'html',
    type: 'html',
    props: {
      html:
        '<div class="x">Custom <script>alert(1)</script>html</div><iframe src="https://video.example/embed/1" allowfullscreen></iframe>' +
        '<iframe src="javascript:alert(1)"></iframe><iframe src="http://plain.example/"></iframe>',
    },
  },
];

function serveLists() {
  return mockFetch(
    apiResponder({
      'content.archive': () => json(archivePage([article('100'), article('99')])),
      'community.topics': () => json({ topics: { edges: [{ cursor: '21', node: topic('21') }, { cursor: '20', node: topic('20') }], pageInfo: { endCursor: '', hasNextPage: false } } }),
      'shop.archive': () => json({ products: { edges: [{ cursor: '1', node: product() }], pageInfo: { endCursor: '', hasNextPage: false } } }),
      'archive.nodesList': () =>
        json({ communityCats: { edges: ['1', '2', '3'].map((id) => ({ cursor: id, node: node(id) })), pageInfo: { endCursor: '', hasNextPage: false } } }),
    }),
  );
}

describe('BlockList', () => {
  it('renders every block type, its lists read with their filters', async () => {
    const calls = serveLists();
    const root = createTestRoot('en');
    renderWithStores(<BlockList blocks={EVERY_BLOCK} />, root, '/en');

    expect(screen.getByRole('heading', { level: 1, name: 'Big title' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Start/ })).toHaveAttribute('href', '/en/community');
    expect(await screen.findByText('Rich')).toBeInTheDocument();
    expect(screen.getByTestId('block-text').querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(await screen.findByText(/Custom/)).toBeInTheDocument();
    expect(screen.getByTestId('block-html').querySelector('script')).toBeNull();
    const frames = [...screen.getByTestId('block-html').querySelectorAll('iframe')].map((frame) => frame.getAttribute('src'));
    expect(frames, 'only https embeds stay in an html block').toEqual(['https://video.example/embed/1']);

    expect(await within(screen.getByTestId('block-articles')).findAllByTestId('article-card')).toHaveLength(2);
    expect(await within(screen.getByTestId('block-topics')).findAllByTestId('topic-card')).toHaveLength(2);
    expect(await within(screen.getByTestId('block-products')).findAllByTestId('product-card')).toHaveLength(1);
    expect(sentData(calls, 'content.archive')).toEqual([{ category: '5', first: 2 }]);
    expect(sentData(calls, 'community.topics')).toEqual([{ ids: ['21', '20'] }]);
    expect(sentData(calls, 'shop.archive')).toEqual([{ first: 2 }]);

    const nodes = screen.getByTestId('block-nodes');
    await waitFor(() => expect(within(nodes).getAllByRole('link')).toHaveLength(2));
    expect(within(nodes).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([expect.stringContaining('-3'), expect.stringContaining('-1')]);

    const menu = screen.getByTestId('block-menu');
    expect(within(menu).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/en/shop');
    expect(within(menu).getByRole('link', { name: 'Mail' })).toHaveAttribute('href', 'mailto:a@b.c');

    const carousel = screen.getByTestId('block-image');
    expect(within(carousel).getByRole('img', { name: 'Alpha' })).toBeVisible();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(within(carousel).getByRole('img', { name: 'Beta' })).toBeVisible();
    expect(within(carousel).getByRole('button', { name: 'Pause the slideshow' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(root.ui.isOpen('chat')).toBe(true);
    expect(screen.getByTestId('audio-track-list')).toHaveTextContent('Tracks: One');
  });

  it('skips hidden blocks and ignores unknown or malformed ones', async () => {
    serveLists();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const blocks = [
      { id: 'gone', type: 'hero', hidden: true, props: { title: text('Hidden hero'), subtitle: {}, image: '', align: 'left' } },
      { id: 'odd', type: 'carousel3d', props: {} },
      { id: 'bad', type: 'menu', props: { items: 'nope' } },
      { id: 'throws', type: 'menu', props: { items: [null], scrollX: true } },
      { id: 'broken', type: 'image', props: { images: [{ url: '/a.png', caption: 7 }], aspect: '1/1', autoplay: false } },
      null,
      { id: 'kept', type: 'chat', props: { title: text('Still here'), text: {}, button: text('Go') } },
    ] as unknown as Block[];
    renderWithStores(<BlockList blocks={blocks} />, createTestRoot('en'), '/en');
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
    expect(screen.queryByText('Hidden hero')).toBeNull();
    expect(document.querySelector('[data-block-type="carousel3d"]')).toBeNull();
    expect(document.querySelector('[data-block-id="throws"]')).toBeEmptyDOMElement();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('makes links inert in the preview, in the language given', async () => {
    serveLists();
    const root = createTestRoot('en');
    renderWithStores(<BlockList blocks={EVERY_BLOCK} lang="zh-hans" preview />, root, '/en');
    expect(screen.getByRole('heading', { level: 1, name: 'Big title zh' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start/ })).toBeNull();
    expect(screen.getByText('Start zh').closest('[aria-disabled="true"]')).not.toBeNull();
    const card = (await screen.findAllByTestId('article-card'))[0];
    const link = within(card).getAllByRole('link')[0];
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat zh' }));
    expect(root.ui.isOpen('chat')).toBe(false);
  });

  it("reads the preview's lists in its language and currency, the visitor's elsewhere", async () => {
    const calls = serveLists();
    renderWithStores(<BlockList blocks={EVERY_BLOCK} lang="es" currency="EUR" preview />, createTestRoot('en'), '/en');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    const shop = calls.find((call) => call.body?.action === 'shop.archive');
    expect(shop?.body).toMatchObject({ lang: 'es', currency: 'EUR' });
    const articles = calls.find((call) => call.body?.action === 'content.archive');
    expect(articles?.body).toMatchObject({ lang: 'es', currency: 'EUR' });
  });

  it('reads a page\'s lists with the visitor\'s own envelope', async () => {
    const calls = serveLists();
    const root = createTestRoot('en');
    renderWithStores(<BlockList blocks={EVERY_BLOCK} lang="es" currency="EUR" />, root, '/en');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    const shop = calls.find((call) => call.body?.action === 'shop.archive');
    expect(shop?.body).toMatchObject({ lang: 'en', currency: root.locale.currency });
  });

  it("titles a hero with h2 on a page that has its own h1", () => {
    serveLists();
    renderWithStores(<BlockList blocks={[EVERY_BLOCK[0]]} titled />, createTestRoot('en'), '/en');
    expect(screen.getByRole('heading', { level: 2, name: 'Big title' })).toBeInTheDocument();
  });

  it('shows a retry when a list fails, and reads it again', async () => {
    let fail = true;
    const calls = mockFetch(
      apiResponder({
        'content.archive': () => (fail ? json({ statusCode: 500, messages: ['down'] }, 500) : json(archivePage([article('100')]))),
      }),
    );
    renderWithStores(<BlockList blocks={[EVERY_BLOCK[3]]} />, createTestRoot('en'), '/en');
    expect(screen.getAllByTestId('block-skeleton').length).toBeGreaterThan(0);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findAllByTestId('article-card')).toHaveLength(1);
    expect(sentData(calls, 'content.archive')).toHaveLength(2);
  });
});

describe('pageBlocks', () => {
  it("gives a device's known blocks, [] when there are none", () => {
    const blocks = { desktop: [EVERY_BLOCK[0], { id: 'x', type: 'nope', props: {} }], tablet: 'bad', mobile: [] } as unknown as Blocks;
    expect(pageBlocks(blocks, 'desktop')).toEqual([EVERY_BLOCK[0]]);
    expect(pageBlocks(blocks, 'tablet')).toEqual([]);
    expect(pageBlocks(undefined, 'mobile')).toEqual([]);
  });
});
