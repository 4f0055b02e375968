import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TermDraft } from '../../../api/adminNodes';
import { chatViewer, signIn } from '../../../test/chat';
import { FakeSocket } from '../../../test/fakeSocket';
import { stubResizeObserver } from '../../../test/radix';
import { renderWithStores } from '../../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../../test/stores';
import { TermForm } from './TermForm';

const TERM: TermDraft = { id: '31', kind: 'tag', slug: 'hot', names: { en: 'Hot', es: 'Caliente', 'zh-hans': '热门' } };

function setup(termId: string, onSaved = vi.fn()) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  let refuse = true;
  const calls: FetchCall[] = mockFetch(
    apiResponder({
      'admin.term': () => json({ term: TERM }),
      'admin.saveTerm': (data) => {
        if (refuse) {
          refuse = false;
          return json({ statusCode: 409, messages: ['hot is already used'], field: 'slug' }, 409);
        }
        return json({ term: { ...(data as object), id: '31' } });
      },
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1', isAdmin: true })).accept('1');
  renderWithStores(<TermForm termId={termId} onClose={vi.fn()} onSaved={onSaved} />, root, '/en/admin/content');
  return { calls, root };
}

const saves = (calls: FetchCall[]) => calls.filter((c) => c.body?.action === 'admin.saveTerm').map((c) => c.body?.data as Record<string, unknown>);

describe('TermForm', () => {
  beforeEach(stubResizeObserver);

  it('opens a term prefilled with its kind fixed, shows a refusal at the field named, and saves the rename', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { calls, root } = setup('31', onSaved);
    const es = (await screen.findByTestId('term-name-es')) as HTMLInputElement;
    expect(es.value).toBe('Caliente');
    const kind = screen.getByTestId('term-kind') as HTMLSelectElement;
    expect(kind.value).toBe('tag');
    expect(kind.disabled).toBe(true);
    await user.clear(es);
    await user.type(es, 'Popular');
    await user.click(screen.getByTestId('term-save'));
    expect((await screen.findByTestId('term-error-slug')).textContent).toBe('hot is already used');
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('term-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('31'));
    expect(saves(calls)[1]).toEqual({ id: '31', kind: 'tag', slug: 'hot', names: { en: 'Hot', es: 'Popular', 'zh-hans': '热门' } });
    expect(screen.queryByTestId('term-error-slug')).toBeNull();
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain('Saved');
  });

  it('creates a term of the kind picked, without an id and without the blank names', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { calls } = setup('new', onSaved);
    await user.selectOptions(await screen.findByTestId('term-kind'), 'shop_category');
    await user.type(screen.getByTestId('term-name-en'), ' Gifts ');
    await user.type(screen.getByTestId('term-slug'), 'gifts');
    await user.click(screen.getByTestId('term-save'));
    await user.click(screen.getByTestId('term-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('31'));
    expect(calls.some((c) => c.body?.action === 'admin.term')).toBe(false);
    expect(saves(calls)[0]).toEqual({ kind: 'shop_category', slug: 'gifts', names: { en: 'Gifts' } });
  });
});
