import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { Route, Routes, useLocation } from 'react-router';
import type { NodeView, TopicView } from '../../api/wire.gen';
import type { ViewerData } from '../../models/Viewer';
import { Create } from '../../scenes/Create';
import { draftsKey, newDraft, type Draft } from '../../stores/DraftsStore';
import type { RootStore } from '../../stores/RootStore';
import { mediaViewer } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';

const DAY = 24 * 60 * 60 * 1000;

function node(id: string, slug: string, fields: { isJoin?: boolean; join?: string } = {}): NodeView {
  return {
    id,
    databaseId: id,
    gqSlug: slug,
    thumb: '',
    count: 0,
    communityCatMetas: {
      name: { en: `Node ${slug}` },
      description: {},
      isJoin: fields.isJoin ?? false,
      memberCount: 3,
      admin: [],
      settings: { nodeType: '', joinRole: { type: fields.join ?? 'free', value: fields.join === 'money' ? '2.99' : '', currency: 'USD' } },
    },
  };
}

const lounge = node('2000000001', 'lounge', { isJoin: true });
const insiders = node('2000000002', 'insiders', { join: 'money' });

function topic(input: Record<string, unknown>): TopicView {
  return {
    id: '77',
    databaseId: '77',
    title: String(input.title),
    excerpt: '',
    locked: false,
    roles: [],
    type: 'vote',
    author: { id: '42', databaseId: '42', name: 'Viewer 42', gqSlug: 'viewer42', avatar: { url: '' } },
    nodeId: String(input.cat),
    answerCount: 0,
    likeCount: 0,
    isLiked: false,
    commentCount: 0,
    createdAt: 1,
    updatedAt: 1,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function setup(path: string, { viewer = mediaViewer() as ViewerData | null, createTopic }: { viewer?: ViewerData | null; createTopic?: (data: Record<string, unknown>) => Response } = {}) {
  const calls = mockFetch(
    apiResponder({
      'archive.nodesList': () => json({ communityCats: { edges: [lounge, insiders].map((n) => ({ cursor: n.id, node: n })), pageInfo: { endCursor: '2', hasNextPage: false } } }),
      'mutates.createTopic': createTopic ?? ((data) => json({ topic: topic(data) })),
    }),
  );
  const root = createTestRoot('en');
  if (viewer) root.auth.setViewer(viewer);
  runInAction(() => {
    root.settings.settings = { currency: [{ code: 'USD', symbol: '$', symbol_iso: 'USD' }], level: { lv: [{ key: 'lv3', names: { en: 'Regular' } }] } };
    root.auth.isLoaded = true;
  });
  const view = renderWithStores(
    <Routes>
      <Route path="/en/create" element={<Create />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    root,
    path,
  );
  return { calls, user: userEvent.setup(), ...view };
}

function sent(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function storeDraft(root: RootStore, draft: Draft) {
  localStorage.setItem(draftsKey('42'), JSON.stringify([{ ...draft, updatedAt: Date.now() }]));
  root.drafts.load('42');
}

const form = () => screen.findByTestId('create-form', {}, { timeout: 5000 });

describe('the create page', () => {
  it('asks a guest to log in instead of showing the form', async () => {
    const { root, user } = setup('/en/create', { viewer: null });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(root.loginBox.isOpen).toBe(true);
    expect(screen.queryByTestId('create-form')).not.toBeInTheDocument();
  });

  it('opens on the kind and node of the query, with the vote fields', async () => {
    setup('/en/create?type=vote&node=2000000001');
    await form();
    expect(screen.getByRole('radio', { name: 'Vote' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Article' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('node-picker')).toHaveValue('2000000001'));
    expect(screen.getByTestId('vote-fields')).toBeInTheDocument();
    expect(screen.getAllByTestId('create-vote-option')).toHaveLength(2);
    expect(screen.getByTestId('create-editor')).toBeInTheDocument();
  });

  it('shows every check of SPEC §5 beside its field and sends nothing', async () => {
    const { calls, user, root } = setup('/en/create?type=vote');
    await form();
    await user.click(screen.getByTestId('create-submit'));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Please choose a node',
      'Please enter a title',
      'Please write some content',
      'Every option needs some text',
      'Please choose when the vote ends',
    ]);
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['Please enter a title']);
    expect(sent(calls, 'mutates.createTopic')).toHaveLength(0);

    await user.type(screen.getByTestId('create-title'), 'Lunch?');
    expect(screen.getByTestId('create-title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
  });

  it('adds and removes vote options, one always staying', async () => {
    const { user } = setup('/en/create?type=vote');
    await form();
    await user.click(screen.getByTestId('vote-add-option'));
    expect(screen.getAllByTestId('create-vote-option')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove option 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(screen.getAllByTestId('create-vote-option')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
    await user.click(screen.getByTestId('create-submit'));
    expect(screen.getByText('A vote needs at least two options')).toBeInTheDocument();
  });

  it('publishes a restored draft, opens the topic and deletes the draft', async () => {
    const { root, calls, user } = setup('/en/create');
    const draft: Draft = { ...newDraft('vote'), id: 'draft0001', title: 'Lunch?', content: '<p>Where do we eat?</p>', nodeId: '2000000001' };
    draft.vote = { options: ['Noodles', 'Tacos'], deadline: Date.now() + DAY };
    draft.gate = { type: 'money', value: '1.5', currency: 'USD' };
    act(() => storeDraft(root, draft));
    await form();

    await user.click(screen.getByTestId('open-drafts'));
    const list = await screen.findByTestId('drafts-list');
    await user.click(within(list).getByRole('button', { name: /^Lunch\?/ }));
    await waitFor(() => expect(screen.getByTestId('create-title')).toHaveValue('Lunch?'));
    expect(screen.getByTestId('create-editor')).toHaveTextContent('Where do we eat?');

    await user.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/community/lunch-77'));
    expect(sent(calls, 'mutates.createTopic')).toEqual([
      {
        title: 'Lunch?',
        content: '<p>Where do we eat?</p>',
        cat: '2000000001',
        roles: [{ type: 'money', value: '150', currency: 'USD' }],
        types: { type: 'vote', vote: { type: 'single', value: [{ text: 'Noodles' }, { text: 'Tacos' }], deadline: draft.vote.deadline } },
        idemKey: 'create:draft0001',
      },
    ]);
    expect(root.drafts.count).toBe(0);
    expect(localStorage.getItem(draftsKey('42'))).toBeNull();
  });

  it('shows the server’s refusal beside its field, with a way to top up', async () => {
    const { root, user } = setup('/en/create?type=bounty&node=2000000001', {
      createTopic: () => json({ statusCode: 409, messages: ['Your USD balance is too low'], codes: ['wallet.error.insufficient'] }, 409),
    });
    const draft: Draft = { ...newDraft('bounty'), id: 'bounty001', title: 'Fix my bike', content: '<p>Chain is off</p>', nodeId: '2000000001' };
    draft.bounty = { type: 'money', currency: 'USD', value: '50', deadline: Date.now() + DAY };
    act(() => storeDraft(root, draft));
    await form();
    await user.click(screen.getByTestId('open-drafts'));
    await user.click(within(await screen.findByTestId('drafts-list')).getByRole('button', { name: /^Fix my bike/ }));
    await waitFor(() => expect(screen.getByTestId('create-bounty-value')).toHaveValue('50'));

    await user.click(screen.getByTestId('create-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your USD balance is too low');
    expect(screen.getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/en/account/wealth');
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['Your USD balance is too low']);
    expect(root.drafts.count).toBe(1);
  });

  it('saves typing as a draft, lists it and deletes it after confirming', async () => {
    const { root, user } = setup('/en/create');
    await form();
    await user.type(screen.getByTestId('create-title'), 'Half an idea');
    await waitFor(() => expect(root.drafts.count).toBe(1), { timeout: 3000 });
    expect(screen.getByTestId('open-drafts')).toHaveTextContent('Drafts (1)');

    await user.click(screen.getByTestId('open-drafts'));
    const list = await screen.findByTestId('drafts-list');
    expect(within(list).getByText('Editing')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Delete the draft Half an idea' }));
    await user.click(within(await screen.findByTestId('draft-delete-confirm')).getByRole('button', { name: 'Delete' }));
    expect(root.drafts.count).toBe(0);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Draft deleted');
    // The form starts over on a blank draft.
    expect(screen.getByTestId('create-title')).toHaveValue('');
  });

  it('opens the drafts list from the create panel’s link', async () => {
    const { root } = setup('/en/create?drafts=1');
    act(() => storeDraft(root, { ...newDraft('normal'), title: 'Kept for later' }));
    const list = await screen.findByTestId('drafts-list', {}, { timeout: 5000 });
    expect(within(list).getByRole('button', { name: /^Kept for later/ })).toBeInTheDocument();
  });

  it('offers articles to administrators only, with their own fields', async () => {
    const admin = mediaViewer();
    admin.gqRoles = { ...admin.gqRoles, isAdmin: true };
    const { user } = setup('/en/create?type=article', { viewer: admin });
    await form();
    expect(screen.getByRole('radio', { name: 'Article' })).toBeChecked();
    expect(screen.getByTestId('article-fields')).toBeInTheDocument();
    expect(screen.queryByTestId('node-picker')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Bounty' }));
    expect(screen.getByTestId('bounty-fields')).toBeInTheDocument();
    expect(screen.getByTestId('node-picker')).toBeInTheDocument();
  });

  it('asks to join a paid node before posting in it', async () => {
    const { user } = setup('/en/create?node=2000000002');
    await form();
    await waitFor(() => expect(screen.getByTestId('node-picker')).toHaveValue('2000000002'));
    expect(screen.getByText(/Join this node to post in it/)).toBeInTheDocument();
    expect(screen.getByTestId('join-node')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('node-picker'), { target: { value: '2000000001' } });
    await user.click(screen.getByTestId('create-submit'));
    expect(screen.queryByText('Join this node to take part in it')).not.toBeInTheDocument();
  });
});
