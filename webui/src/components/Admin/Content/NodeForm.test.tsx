import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NodeReply } from '../../../api/adminNodes';
import { chatViewer, signIn } from '../../../test/chat';
import { FakeSocket } from '../../../test/fakeSocket';
import { stubResizeObserver } from '../../../test/radix';
import { renderWithStores } from '../../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../../test/stores';
import { NodeForm } from './NodeForm';

const REPLY: NodeReply = {
  node: {
    id: '42',
    kind: 'node',
    categoryId: '9',
    slug: 'lounge',
    names: { en: 'Lounge', es: 'Salón', 'zh-hans': '大厅' },
    descriptions: {},
    thumb: '',
    nodeType: 'forum',
    joinType: 'free',
    joinAsset: '',
    joinAmount: 0,
    joinLevel: '',
    position: 2,
    admins: ['7'],
  },
  choices: { categories: [{ key: '9', name: 'General' }], levels: [{ key: 'lv1', name: 'Lv1' }], assets: [{ key: 'USD', name: 'Dollar' }] },
};

function setup(nodeId: string, onSaved = vi.fn()) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  let refuse = true;
  const calls: FetchCall[] = mockFetch(
    apiResponder({
      'admin.node': (data) => json((data as { id?: string }).id ? REPLY : { node: null, choices: REPLY.choices }),
      'admin.saveNode': (data) => {
        if (refuse) {
          refuse = false;
          return json({ statusCode: 409, messages: ['slug: lounge is already used'], field: 'slug' }, 409);
        }
        return json({ node: { ...REPLY.node, ...(data as object), id: '42' } });
      },
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  renderWithStores(<NodeForm kind="node" nodeId={nodeId} onClose={vi.fn()} onSaved={onSaved} />, root, '/en/admin/content');
  return { calls };
}

describe('NodeForm', () => {
  beforeEach(stubResizeObserver);

  it('opens prefilled, shows a refusal at the field named, and saves the renamed node with its join rule', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { calls } = setup('42', onSaved);
    const es = (await screen.findByTestId('node-name-es')) as HTMLInputElement;
    expect(es.value).toBe('Salón');
    expect((screen.getByTestId('node-category') as HTMLSelectElement).value).toBe('9');
    await user.clear(es);
    await user.type(es, 'Sala');
    await user.selectOptions(screen.getByTestId('node-join-type'), 'level');
    await user.selectOptions(screen.getByTestId('node-join-level'), 'lv1');
    await user.click(screen.getByTestId('node-save'));
    expect((await screen.findByTestId('node-error-slug')).textContent).toBe('slug: lounge is already used');
    await user.click(screen.getByTestId('node-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('42'));
    const saves = calls.filter((c) => c.body?.action === 'admin.saveNode').map((c) => c.body?.data as Record<string, unknown>);
    expect(saves[1]).toEqual({
      id: '42',
      kind: 'node',
      categoryId: '9',
      slug: 'lounge',
      names: { en: 'Lounge', es: 'Sala', 'zh-hans': '大厅' },
      descriptions: {},
      thumb: '',
      nodeType: 'forum',
      joinType: 'level',
      joinAsset: '',
      joinAmount: 0,
      joinLevel: 'lv1',
      position: 2,
      admins: ['7'],
    });
    expect(screen.queryByTestId('node-error-slug')).toBeNull();
  });

  it('creates a node without an id, names left blank left out', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { calls } = setup('new', onSaved);
    await user.type(await screen.findByTestId('node-name-en'), 'Garden');
    await user.type(screen.getByTestId('node-slug'), 'garden');
    await user.click(screen.getByTestId('node-save'));
    await user.click(screen.getByTestId('node-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('42'));
    const first = calls.find((c) => c.body?.action === 'admin.saveNode')?.body?.data as Record<string, unknown>;
    expect(first).not.toHaveProperty('id');
    expect(first).toMatchObject({ kind: 'node', slug: 'garden', names: { en: 'Garden' }, joinType: 'free', admins: [] });
  });
});
