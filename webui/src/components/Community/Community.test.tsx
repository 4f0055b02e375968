import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { LiveEvent } from '../../api/live';
import type { TopicView } from '../../api/wire.gen';
import { AppRoutes } from '../../routing/AppRoutes';
import { signIn } from '../../test/chat';
import { answer, communityPage, connection, member, node, T0, topic } from '../../test/community';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { walletSettings, walletViewer } from '../../test/wallet';
import { TopicCard } from './TopicCard';

type Replies = Parameters<typeof apiResponder>[0];

// The create page's editor (TipTap) stands in as a textarea giving HTML, as the editor does.
vi.mock('../Create/RichEditor', () => ({
  RichEditor: ({ onChange, label }: { onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} onChange={(event) => onChange(event.target.value ? `<p>${event.target.value}</p>` : '')} />
  ),
}));

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

const PAID = { type: 'money', value: '5.00', currency: 'USD', pay: { value: '5.00', currency: 'USD' } };

/** Renders the app at `path` with the community's actions answered, signed in unless told. */
async function open(path: string, { pages = {}, replies = {}, signedIn = true }: { pages?: Record<string, unknown>; replies?: Replies; signedIn?: boolean } = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(
    apiResponder({
      'utils.getSettings': () => json({ settings: walletSettings }),
      'auth.pageData': (data) => (pages[String(data.path)] ? json(pages[String(data.path)]) : json({ statusCode: 404, messages: ['Page Not Found'] }, 404)),
      'content.comments': () => json({ comments: connection([]), commentCount: 0 }),
      'community.join': (data) => json({ node: node(String(data.nodeId), { isJoin: true }) }),
      'archive.nodesList': () => json({ communityCats: connection([node('5'), node('6')]) }),
      'community.topics': () => json({ topics: connection([topic('12'), topic('11')]) }),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  await root.settings.fetch();
  const socket = signedIn ? signIn(root, walletViewer()) : null;
  socket?.accept();
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 120 }}>
      <AppRoutes />
      <LocationProbe />
    </VirtuosoMockContext.Provider>,
    root,
    path,
  );
  return { root, calls, socket };
}

function live(socket: FakeSocket | null, event: LiveEvent) {
  act(() => socket?.receive('live', event));
}

const NODE_PATH = '/en/community-archive/node5-5';
const nodePage = (overrides: Parameters<typeof node>[1] = {}) =>
  communityPage('archive', '5', { node: node('5', overrides), topics: connection([topic('10'), topic('9')]) });

const TOPIC_PATH = '/en/community/topic-8';
const voteTopic = (overrides: Partial<TopicView> = {}) =>
  topic('8', {
    title: 'Tabs or spaces?',
    type: 'vote',
    vote: { deadline: Date.now() + 86_400_000, closed: false, value: [{ text: 'Tabs', count: 1 }, { text: 'Spaces', count: 3 }], total: 4, voted: -1 },
    ...overrides,
  });

describe('TopicCard', () => {
  it('links the title to the topic and shows its bounty, vote, lock and counters', async () => {
    mockFetch(apiResponder({ 'utils.getSettings': () => json({ settings: walletSettings }) }));
    const root = createTestRoot('en');
    await root.settings.fetch();
    const bounty = topic('8', {
      title: 'Best café in Zürich?',
      type: 'bounty',
      locked: true,
      answerCount: 1200,
      likeCount: 3,
      bounty: { type: 'money', currency: 'USD', value: '20.00', deadline: T0 + 1, state: 'open', awards: [] },
    });
    renderWithStores(
      <>
        <TopicCard topic={bounty} />
        <TopicCard topic={voteTopic()} />
      </>,
      root,
    );
    expect(screen.getByRole('link', { name: 'Best café in Zürich?' })).toHaveAttribute('href', '/en/community/best-cafe-in-zurich-8');
    expect(screen.getByTestId('bounty-badge')).toHaveTextContent('Bounty $20.00');
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(screen.getByText('1200 answers')).toBeInTheDocument();
    expect(screen.getAllByText('1.2K')[0]).toBeInTheDocument();
    expect(screen.getByTestId('vote-badge')).toHaveTextContent('Vote · 4 votes');
  });
});

describe('node page', () => {
  beforeEach(() => stubResizeObserver());

  it('shows the node in the reader’s language with its members, admins and topics; a member joins it', async () => {
    const { calls } = await open(NODE_PATH, { pages: { [NODE_PATH]: nodePage() } });
    const header = await screen.findByTestId('node-header');
    expect(within(header).getByRole('heading', { name: 'Node 5' })).toBeInTheDocument();
    expect(within(header).getByText('About node 5')).toBeInTheDocument();
    expect(within(header).getByTestId('member-count')).toHaveTextContent('10 members');
    expect(within(header).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/en/profile/member1-1');
    expect(within(screen.getByTestId('topic-feed')).getAllByTestId('topic-card').map((card) => card.dataset.topicId)).toEqual(['10', '9']);

    fireEvent.click(within(header).getByRole('button', { name: 'Join' }));
    expect(await within(header).findByRole('button', { name: 'Joined' })).toBeInTheDocument();
    expect(requests(calls, 'community.join')).toEqual([{ nodeId: '5' }]);
  });

  it('brings new topics in live and takes deleted ones out', async () => {
    const { socket } = await open(NODE_PATH, { pages: { [NODE_PATH]: nodePage() } });
    await screen.findByTestId('node-header');
    await waitFor(() => expect(socket?.sent.filter((f) => f.action === 'watch').map((f) => f.data.channel)).toContain('node:5'));
    live(socket, { channel: 'node:5', event: 'topic_created', data: { topic: topic('11', { title: 'Fresh one' }) } });
    live(socket, { channel: 'node:5', event: 'topic_created', data: { topic: topic('11', { title: 'Fresh one' }) } });
    expect(screen.getAllByTestId('topic-card').map((card) => card.dataset.topicId)).toEqual(['11', '10', '9']);
    live(socket, { channel: 'node:5', event: 'topic_deleted', data: { id: '10' } });
    expect(screen.getAllByTestId('topic-card').map((card) => card.dataset.topicId)).toEqual(['11', '9']);
  });

  it('asks a guest to log in to join or to write a topic', async () => {
    const { calls, root } = await open(NODE_PATH, { pages: { [NODE_PATH]: nodePage() }, signedIn: false });
    const header = await screen.findByTestId('node-header');
    fireEvent.click(within(header).getByRole('button', { name: 'Join' }));
    expect(root.ui.isOpen('login')).toBe(true);
    act(() => root.ui.close('login'));
    fireEvent.click(within(header).getByRole('button', { name: 'New topic' }));
    expect(root.ui.isOpen('login')).toBe(true);
    expect(requests(calls, 'community.join')).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(NODE_PATH);
  });

  it('takes a member to the create page with the node chosen', async () => {
    await open(NODE_PATH, { pages: { [NODE_PATH]: nodePage() } });
    fireEvent.click(await screen.findByRole('button', { name: 'New topic' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/en/create?node=5');
  });

  it('confirms the price of a paid node and offers a top-up when the balance is too low', async () => {
    const { calls } = await open(NODE_PATH, {
      pages: { [NODE_PATH]: nodePage({ join: PAID }) },
      replies: { 'community.join': () => json({ statusCode: 409, messages: ['Your USD balance is too low'], codes: ['wallet.error.insufficient'] }, 409) },
    });
    const header = await screen.findByTestId('node-header');
    expect(within(header).getByText('Joining costs $5.00')).toBeInTheDocument();
    fireEvent.click(within(header).getByRole('button', { name: 'Join · $5.00' }));
    const dialog = await screen.findByTestId('join-confirm');
    expect(dialog).toHaveTextContent('Join Node 5 for $5.00?');
    expect(dialog).toHaveTextContent('$2.50');
    expect(requests(calls, 'community.join')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $5.00 and join' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your USD balance is too low');
    expect(within(dialog).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/en/account/wealth');
  });

  it('says a node of type other is joined by invitation only', async () => {
    await open(NODE_PATH, { pages: { [NODE_PATH]: nodePage({ join: { type: 'other' } }) } });
    const header = await screen.findByTestId('node-header');
    expect(within(header).getByRole('button', { name: 'Invitation only' })).toBeDisabled();
  });
});

describe('topic page', () => {
  beforeEach(() => stubResizeObserver());

  const page = (t: TopicView, answers = [answer('20')]) => ({ [TOPIC_PATH]: communityPage('single', '8', { topic: t, node: node('5'), answers: connection(answers) }) });

  it('shows the topic under its node and votes once; live tallies move the bars', async () => {
    const { calls, socket } = await open(TOPIC_PATH, {
      pages: page(voteTopic()),
      replies: {
        'community.vote': () => json({ vote: { ...voteTopic().vote!, value: [{ text: 'Tabs', count: 2 }, { text: 'Spaces', count: 3 }], total: 5, voted: 0 } }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tabs or spaces?' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Where you are' })).toHaveTextContent('CommunityNode 5');
    expect(screen.getAllByTestId('vote-option').map((o) => o.dataset.percent)).toEqual(['25', '75']);

    fireEvent.click(screen.getByRole('button', { name: 'Vote for “Tabs”' }));
    await screen.findByText('You voted.');
    expect(requests(calls, 'community.vote')).toEqual([{ topicId: '8', option: 0 }]);
    expect(screen.queryByRole('button', { name: /Vote for/ })).toBeNull();
    expect(screen.getAllByTestId('vote-option').map((o) => o.dataset.percent)).toEqual(['40', '60']);

    live(socket, { channel: 'topic:8', event: 'vote_tally', data: { topicId: '8', vote: { ...voteTopic().vote!, value: [{ text: 'Tabs', count: 5 }, { text: 'Spaces', count: 5 }], total: 10, voted: -1 } } });
    expect(screen.getAllByTestId('vote-option').map((o) => o.dataset.percent)).toEqual(['50', '50']);
    expect(screen.getByLabelText('Your choice')).toBeInTheDocument();
    expect(screen.getByTestId('vote-badge')).toHaveTextContent('10 votes');
  });

  it('posts an answer, which appears once even when its live event follows', async () => {
    const { calls, socket } = await open(TOPIC_PATH, {
      pages: page(topic('8', { answerCount: 1 })),
      replies: { 'mutates.createAnswer': () => json({ answer: answer('30', { author: member('42', 'Viewer 42'), content: '<p>Use a linter</p>' }) }) },
    });
    const send = await screen.findByRole('button', { name: 'Post answer' });
    expect(send).toBeDisabled();
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'Use a linter' } });
    fireEvent.click(send);
    await waitFor(() => expect(screen.getAllByTestId('answer')).toHaveLength(2));
    expect(requests(calls, 'mutates.createAnswer')[0]).toMatchObject({ topicId: '8', content: '<p>Use a linter</p>' });
    // The composer clears once the reply is handled, which may be a render after the answer shows.
    await waitFor(() => expect(screen.getByLabelText('Your answer')).toHaveValue(''));
    live(socket, { channel: 'topic:8', event: 'answer_created', data: { topicId: '8', answerCount: 2, answer: answer('30') } });
    expect(screen.getAllByTestId('answer')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: '2 answers' })).toBeInTheDocument();
  });

  it('offers to join a node that must be joined before answering', async () => {
    await open(TOPIC_PATH, {
      pages: { [TOPIC_PATH]: communityPage('single', '8', { topic: topic('8'), node: node('6', { join: PAID }), answers: connection([]) }) },
    });
    const box = await screen.findByTestId('join-to-answer');
    expect(within(box).getByRole('button', { name: 'Join · $5.00' })).toBeInTheDocument();
    expect(screen.queryByTestId('answer-composer')).toBeNull();
  });

  it('closes the answers once the bounty is settled', async () => {
    const bounty = { type: 'credit', currency: 'CREDIT', value: '300', deadline: Date.now() + 60_000, state: 'refunded', awards: [] };
    await open(TOPIC_PATH, { pages: page(topic('8', { type: 'bounty', bounty })) });
    expect(await screen.findByTestId('answers-closed')).toHaveTextContent('The bounty was settled');
    expect(screen.getByTestId('bounty-value')).toHaveTextContent('✦300');
    expect(screen.getByTestId('bounty-state')).toHaveTextContent('Refunded');
  });

  it('lets the author award picked answers after confirming', async () => {
    const bounty = { type: 'money', currency: 'USD', value: '10.00', deadline: Date.now() + 3_600_000, state: 'open', awards: [] };
    const own = topic('8', { type: 'bounty', bounty, author: member('42', 'Viewer 42') });
    const awarded = { ...bounty, state: 'awarded', awards: [{ answerId: '20', user: member('9', 'Bob'), value: '10.00' }] };
    const { calls } = await open(TOPIC_PATH, {
      pages: page(own, [answer('20'), answer('21', { author: member('42', 'Viewer 42') })]),
      replies: { 'community.award': () => json({ topic: { ...own, bounty: awarded } }) },
    });
    await screen.findByTestId('award-controls');
    const [bob, mine] = screen.getAllByTestId('answer');
    expect(within(mine).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(bob).getByRole('checkbox', { name: 'Award' }));
    fireEvent.click(screen.getByRole('button', { name: 'Award the bounty' }));
    const dialog = await screen.findByTestId('award-confirm');
    expect(dialog).toHaveTextContent('Award $10.00 to 1 answer?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Award' }));
    await waitFor(() => expect(screen.getByTestId('bounty-state')).toHaveTextContent('Awarded'));
    expect(requests(calls, 'community.award')).toEqual([{ topicId: '8', answerIds: ['20'] }]);
    expect(screen.queryByTestId('award-controls')).toBeNull();
  });

  it('reads a topic again when the reader comes back to it', async () => {
    const path = '/en/community/topic-8-8';
    const { calls } = await open(path, {
      pages: {
        [path]: communityPage('single', '8', { topic: topic('8'), node: node('5'), answers: connection([]) }),
        [NODE_PATH]: communityPage('archive', '5', { node: node('5'), topics: connection([topic('8')]) }),
      },
    });
    const reads = () => requests(calls, 'auth.pageData').filter((data) => data.path === path).length;
    await screen.findByRole('heading', { level: 1, name: 'Topic 8' });
    expect(reads()).toBe(1);
    fireEvent.click(screen.getByRole('link', { name: 'Node 5' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Topic 8' }));
    await screen.findByRole('heading', { level: 1, name: 'Topic 8' });
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('shows a locked topic’s gate instead of its content and answers', async () => {
    await open(TOPIC_PATH, {
      pages: { [TOPIC_PATH]: communityPage('single', '8', { topic: topic('8', { locked: true, content: undefined, excerpt: '', roles: [{ type: 'login' }], gate: { type: 'login' } }), node: node('5') }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Topic 8' });
    expect(screen.queryByTestId('answers')).toBeNull();
    expect(screen.queryByText('Content of topic 8')).toBeNull();
  });
});

describe('answer page', () => {
  it('shows the answer with its topic summed up and its comments open', async () => {
    const path = '/en/community-answer/topic-20';
    await open(path, { pages: { [path]: communityPage('answer', '20', { topic: topic('8', { answerCount: 3 }), node: node('5'), answer: answer('20') }) } });
    expect(await screen.findByRole('link', { name: 'Topic 8' })).toHaveAttribute('href', '/en/community/topic-8-8');
    expect(screen.getByRole('link', { name: /See the topic and all 3 answers/ })).toBeInTheDocument();
    expect(screen.getByTestId('answer')).toHaveTextContent('Answer 20');
    expect(await screen.findByTestId('comments')).toBeInTheDocument();
  });
});

describe('community scene and nodes drawer', () => {
  beforeEach(() => stubResizeObserver());

  it('shows the nodes and the newest topics, and new topics of the feed live', async () => {
    const { socket } = await open('/en/community');
    const grid = await screen.findByTestId('nodes-grid');
    expect(within(grid).getByRole('link', { name: /Node 5/ })).toHaveAttribute('href', '/en/community-archive/node5-5');
    await waitFor(() => expect(screen.getAllByTestId('topic-card').map((card) => card.dataset.topicId)).toEqual(['12', '11']));
    live(socket, { channel: 'feed', event: 'topic_created', data: { topic: topic('13', { nodeId: '6' }) } });
    expect(screen.getAllByTestId('topic-card').map((card) => card.dataset.topicId)).toEqual(['13', '12', '11']);
  });

  it('opens the nodes drawer, which links each node and closes on the way', async () => {
    const { root } = await open('/en/community');
    fireEvent.click(await screen.findByRole('button', { name: 'All nodes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nodes' });
    const link = await within(drawer).findByRole('link', { name: /Node 6/ });
    fireEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/en/community-archive/node6-6');
    expect(root.ui.isOpen('nodes')).toBe(false);
  });
});
