import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { RouteEffects } from '../../routing/RouteEffects';
import { SEARCH_DEBOUNCE_MS } from '../../stores/SearchStore';
import { renderWithStores } from '../../test/render';
import { member, members, page, post } from '../../test/search';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import { SearchOverlay } from './SearchOverlay';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  const calls = mockFetch(
    apiResponder({
      'utils.search': () =>
        page([
          post('1', '数码相机推荐', { viewsCache: 1200, likeCount: 3, commentCount: 4, uri: '/article/camera-1' }),
          post('2', 'Café con leche', { kind: 'topic', lang: '', uri: '/community/cafe-con-leche-2' }),
        ]),
      'search.user': () => members(member('7', 'Ana Núñez', 'ana')),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  const view = renderWithStores(
    <>
      <SearchOverlay />
      <RouteEffects />
      <LocationProbe />
    </>,
    root,
    '/en',
  );
  // After RouteEffects' first run, which closes the overlays.
  act(() => root.ui.open('search'));
  return { ...view, calls };
}

const input = () => screen.getByRole('combobox', { name: 'Search' });

/** Types a key and lets the debounce pass. */
async function type(key: string) {
  fireEvent.change(input(), { target: { value: key } });
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
}

describe('SearchOverlay', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('asks for a keyword, then lists results with their counts and the members found', async () => {
    const { calls } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Search results' });
    expect(within(dialog).getByText('Please enter a keyword')).toBeInTheDocument();

    fireEvent.change(input(), { target: { value: '数码' } });
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(calls.filter((c) => c.body?.action === 'utils.search')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));

    const camera = screen.getByRole('option', { name: /数码相机推荐/ });
    expect(camera).toHaveAttribute('href', '/article/camera-1');
    expect(within(camera).getByText('Article')).toBeInTheDocument();
    expect(within(camera).getByLabelText('1200 views')).toHaveTextContent('1.2K');
    expect(within(camera).getByLabelText('3 likes')).toBeInTheDocument();
    expect(within(camera).getByLabelText('4 comments')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Café con leche/ })).toHaveAttribute('href', '/en/community/cafe-con-leche-2');
    const people = screen.getByRole('region', { name: 'Members' });
    expect(within(people).getByRole('option', { name: /Ana Núñez/ })).toHaveAttribute('href', '/en/profile/ana-7');
  });

  it('says when nothing was found', async () => {
    setup({ 'utils.search': () => page([]), 'search.user': () => members() });
    await type('zzz');
    expect(screen.getByText('No related content found')).toBeInTheDocument();
  });

  it('goes back to the empty state for a blank key', async () => {
    const { calls } = setup();
    await type('   ');
    expect(screen.getByText('Please enter a keyword')).toBeInTheDocument();
    expect(calls.filter((c) => c.body?.action === 'utils.search')).toHaveLength(0);
  });

  it('moves through the rows with the arrow keys and opens one with Enter, then closes', async () => {
    const { root } = setup();
    await type('数码');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const topic = screen.getByRole('option', { name: /Café con leche/ });
    expect(topic).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', topic.id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: /Ana Núñez/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('location')).toHaveTextContent('/article/camera-1');
    expect(root.ui.isOpen('search')).toBe(false);
  });

  it('searches at once on Enter with no row chosen', async () => {
    const { calls } = setup();
    fireEvent.change(input(), { target: { value: 'cafe' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.filter((c) => c.body?.action === 'utils.search')).toHaveLength(1);
    expect(screen.getByRole('option', { name: /Café con leche/ })).toBeInTheDocument();
  });

  it('closes after a click on a result takes the reader to its page', async () => {
    const { root } = setup();
    await type('cafe');
    fireEvent.click(screen.getByRole('option', { name: /Café con leche/ }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('location')).toHaveTextContent('/en/community/cafe-con-leche-2');
    expect(root.ui.isOpen('search')).toBe(false);
  });

  it('loads more results', async () => {
    const { calls } = setup({
      'utils.search': (data) =>
        data.after ? page([post('3', 'Third')], false, '3') : page([post('1', 'First'), post('2', 'Second')], true, '2'),
    });
    await type('x');
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('option', { name: /Third/ })).toBeInTheDocument();
    expect(calls.at(-1)?.body?.data).toMatchObject({ after: '2' });
    expect(screen.queryByRole('button', { name: 'More results' })).not.toBeInTheDocument();
  });

  it('keeps keys within the server bound', () => {
    setup({ 'search.user': () => json({ users: { nodes: [] } }) });
    expect(input()).toHaveAttribute('maxLength', '100');
  });
});
