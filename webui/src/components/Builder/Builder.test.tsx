import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Builder } from '../../scenes/Builder';
import { draftReply } from '../../stores/builder/testData';
import { mediaViewer } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';

function builderViewer(canBuilder: boolean) {
  const viewer = mediaViewer({}, '1');
  return { ...viewer, gqRoles: { ...viewer.gqRoles, canBuilder } };
}

function setup(canBuilder = true, replies: Parameters<typeof apiResponder>[0] = {}) {
  const calls: FetchCall[] = mockFetch(
    apiResponder({
      ...replies,
      'auth.viewer': () => json({ viewer: builderViewer(canBuilder) }),
      'builder.draft': () => json(draftReply()),
      'builder.saveDraft': replies['builder.saveDraft'] ?? ((data) => json({ revision: Number(data.revision) + 1, updatedAt: 2, dirty: true })),
      'content.archive': () => json({ posts: { edges: [], pageInfo: { endCursor: '', hasNextPage: false } } }),
      'shop.archive': () => json({ products: { edges: [], pageInfo: { endCursor: '', hasNextPage: false } } }),
      'community.topics': () => json({ topics: { edges: [], pageInfo: { endCursor: '', hasNextPage: false } } }),
      'archive.nodesList': () => json({ communityCats: { edges: [], pageInfo: { endCursor: '', hasNextPage: false } } }),
    }),
  );
  const root = createTestRoot('en');
  root.auth.setViewer(builderViewer(canBuilder) as never);
  renderWithStores(<Builder />, root, '/en/builder');
  return { calls, root };
}

describe('the builder', () => {
  it('shows a member without canBuilder the forbidden screen', async () => {
    setup(false);
    expect(await screen.findByText(/permission to use the page builder/)).toBeInTheDocument();
  });

  it('lists the blocks, selects one from the preview, edits its text and saves with Ctrl+S', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const list = await screen.findByTestId('builder-blocks');
    expect(within(list).getAllByTestId('block-item').map((item) => item.dataset.blockType)).toEqual(['hero']);

    const preview = screen.getByTestId('builder-preview');
    await user.click(within(preview).getAllByTestId('preview-block')[0]!);
    const inspector = await screen.findByTestId('block-inspector');
    const title = within(inspector).getByLabelText('Title');
    expect(title).toHaveValue('Welcome');
    await user.clear(title);
    await user.type(title, 'Hello');
    expect(screen.getByTestId('builder-status')).toHaveTextContent('Unsaved changes');

    act(() => {
      fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    });
    await screen.findByText('Draft saved, not published');
    const saved = calls.find((call) => call.body?.action === 'builder.saveDraft')!.body!.data as { doc: typeof draftReply extends () => infer R ? R extends { doc: infer D } ? D : never : never };
    expect(saved.doc.pages[0]!.blocks.desktop[0]!.props).toMatchObject({ title: { en: 'Hello' } });
  });

  it('adds a block from the menu, and moves it with the keyboard buttons', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByTestId('builder-blocks');
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    await user.click(await screen.findByRole('menuitem', { name: /Topics/ }));
    const types = () => screen.getAllByTestId('block-item').map((item) => item.dataset.blockType);
    expect(types()).toEqual(['hero', 'topics']);
    expect(screen.getByTestId('block-inspector')).toHaveAttribute('data-block-type', 'topics');
    const topics = screen.getAllByTestId('block-item')[1]!;
    await user.click(within(topics).getByRole('button', { name: 'Move up' }));
    expect(types()).toEqual(['topics', 'hero']);

    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    expect(types()).toEqual(['hero']);
    expect(screen.getByTestId('device-frame')).toHaveAttribute('data-device', 'mobile');
  });

  it('says a stale save was refused and offers to reload; a refused field selects its block', async () => {
    const user = userEvent.setup();
    let stale = true;
    setup(true, {
      'builder.saveDraft': () =>
        stale
          ? json({ statusCode: 409, messages: ['stale'], codes: ['builder.error.stale'] }, 409)
          : json({ statusCode: 400, messages: ['Invalid value for field pages[0].blocks.desktop[0].props.image'], codes: ['common.error.badField'] }, 400),
    });
    await screen.findByTestId('builder-blocks');
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    await user.click(await screen.findByRole('menuitem', { name: /Chat invitation/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone saved this draft in the meantime');
    expect(within(alert).getByRole('button', { name: 'Reload the draft' })).toBeInTheDocument();

    stale = false;
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/pages\[0\]\.blocks\.desktop\[0\]\.props\.image/);
    expect(screen.getByTestId('block-inspector')).toHaveAttribute('data-block-type', 'hero');
    expect(screen.getAllByTestId('block-item')[0]).toHaveClass('ring-rose-500');
  });

  it('edits the header of the device and previews it in the language picked', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByTestId('builder-blocks');
    await user.click(screen.getByRole('radio', { name: 'Header' }));
    const inspector = screen.getByTestId('header-inspector');
    const preview = screen.getByTestId('builder-preview');
    expect(within(preview).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    await user.click(within(inspector).getByRole('checkbox', { name: 'Search' }));
    expect(within(preview).getByRole('button', { name: 'Search' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Language being edited'), 'es');
    expect(screen.getByLabelText('Preview currency')).toHaveValue('EUR');
    expect(within(preview).getByRole('link', { name: 'Inicio' })).toBeInTheDocument();
    const label = within(inspector).getAllByRole('textbox', { name: 'Label' })[0]!;
    expect(label).toHaveValue('Inicio');
    await user.clear(label);
    await user.type(label, 'Portada');
    expect(within(preview).getByRole('link', { name: 'Portada' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(preview).getByRole('link', { name: 'Inicio' })).toBeInTheDocument();
  });
});
