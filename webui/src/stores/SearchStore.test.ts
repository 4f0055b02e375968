import { member, members, page, post } from '../test/search';
import { apiResponder, createTestRoot, json, mockFetch } from '../test/stores';
import { SEARCH_DEBOUNCE_MS } from './SearchStore';

describe('SearchStore', () => {
  afterEach(() => vi.useRealTimers());

  it('searches content and members a second after the last keystroke, with the trimmed key', async () => {
    vi.useFakeTimers();
    const calls = mockFetch(
      apiResponder({
        'utils.search': (data) => page([post('1', `About ${String(data.key)}`)]),
        'search.user': () => members(member('7', 'Mug Lover', 'mug')),
      }),
    );
    const root = createTestRoot();
    root.search.setKey('m');
    root.search.setKey(' mug ');
    expect(root.search.status).toBe('searching');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.body?.action, c.body?.data])).toEqual([
      ['utils.search', { key: 'mug', first: 10 }],
      ['search.user', { key: 'mug', first: 5 }],
    ]);
    expect(root.search.status).toBe('done');
    expect(root.search.results.map((r) => r.title)).toEqual(['About mug']);
    expect(root.search.members.map((m) => m.name)).toEqual(['Mug Lover']);
  });

  it('asks nothing for a blank key: the empty state', async () => {
    vi.useFakeTimers();
    const calls = mockFetch(apiResponder({}));
    const root = createTestRoot();
    root.search.setKey('   ');
    expect(root.search.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
  });

  it('drops the reply of a key typed over', async () => {
    let release: (() => void) | undefined;
    mockFetch(
      apiResponder({
        'utils.search': (data) =>
          data.key === 'old'
            ? new Promise<Response>((resolve) => (release = () => resolve(page([post('1', 'Old')])))) as unknown as Response
            : page([post('2', 'New')]),
        'search.user': () => members(),
      }),
    );
    const root = createTestRoot();
    root.search.setKey('old');
    const stale = root.search.search();
    root.search.setKey('new');
    root.search.searchNow();
    await vi.waitFor(() => expect(root.search.status).toBe('done'));
    release?.();
    await stale;
    expect(root.search.results.map((r) => r.title)).toEqual(['New']);
  });

  it('shows nothing found after a refusal, whose message is a toast', async () => {
    mockFetch(
      apiResponder({
        'utils.search': () => json({ statusCode: 429, messages: ['Too many requests, please try again later'] }, 429),
        'search.user': () => json({ statusCode: 429, messages: ['Too many requests, please try again later'] }, 429),
      }),
    );
    const root = createTestRoot();
    root.search.setKey('mug');
    root.search.searchNow();
    await vi.waitFor(() => expect(root.search.status).toBe('failed'));
    expect(root.search.results).toEqual([]);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual(['Too many requests, please try again later']);
  });

  it('loads the next page after the end cursor, once per result', async () => {
    const calls = mockFetch(
      apiResponder({
        'utils.search': (data) =>
          data.after ? page([post('2', 'Two'), post('3', 'Three')], false, '3') : page([post('1', 'One'), post('2', 'Two')], true, '2'),
        'search.user': () => members(),
      }),
    );
    const root = createTestRoot();
    root.search.setKey('n');
    root.search.searchNow();
    await vi.waitFor(() => expect(root.search.hasNextPage).toBe(true));
    await root.search.loadMore();
    expect(calls.at(-1)?.body?.data).toEqual({ key: 'n', first: 10, after: '2' });
    expect(root.search.results.map((r) => r.title)).toEqual(['One', 'Two', 'Three']);
    expect(root.search.hasNextPage).toBe(false);
  });

  it('moves the highlight through results then members, wrapping around', async () => {
    mockFetch(
      apiResponder({
        'utils.search': () =>
          page([post('1', 'Uno', { lang: 'es', uri: '/es/article/uno-1' }), post('2', 'Topic', { kind: 'topic', lang: '', uri: '/community/t-2' })]),
        'search.user': () => members(member('7', 'Ana', 'ana')),
      }),
    );
    const root = createTestRoot();
    root.search.setKey('u');
    root.search.searchNow();
    await vi.waitFor(() => expect(root.search.status).toBe('done'));
    expect(root.search.items).toEqual([
      { id: 'post-article-1', path: '/es/article/uno-1', lang: 'es' },
      { id: 'post-topic-2', path: '/community/t-2', lang: undefined },
      { id: 'member-7', path: '/profile/ana-7' },
    ]);
    root.search.moveActive(-1);
    expect(root.search.activeItem?.id).toBe('member-7');
    root.search.moveActive(1);
    expect(root.search.activeItem?.id).toBe('post-article-1');
    root.search.moveActive(1);
    root.search.moveActive(1);
    root.search.moveActive(1);
    expect(root.search.activeIndex).toBe(0);
    root.search.setKey('uu');
    expect(root.search.activeIndex).toBe(-1);
  });
});
