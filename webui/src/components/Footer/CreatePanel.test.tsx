import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import type { ViewerData } from '../../models/Viewer';
import { newDraft } from '../../stores/DraftsStore';
import { mediaViewer } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, mockFetch } from '../../test/stores';
import { CreatePanel, entryOffered } from './CreatePanel';

const entry = (url: string, label: string) => ({ url, label, icon: 'pen' });

function setup(viewer: ViewerData | null) {
  mockFetch(apiResponder({}));
  const root = createTestRoot('en');
  if (viewer) root.auth.setViewer(viewer);
  runInAction(() => {
    root.settings.settings = {
      page_settings: {
        mobile: {
          footer: {
            createMenu: {
              menus: [
                entry('/create?type=article', 'Write an article'),
                entry('/create?type=bounty', 'Start a bounty'),
                entry('/create?type=vote', 'Start a vote'),
                entry('/create?type=product', 'List a product'),
                entry('/community', 'Browse'),
              ],
            },
          },
        },
      },
    };
  });
  root.ui.open('createPanel');
  renderWithStores(<CreatePanel />, root, '/en');
  return { root, user: userEvent.setup() };
}

describe('the create panel', () => {
  it('offers the entries the create page writes: articles for administrators only, no products', () => {
    setup(mediaViewer());
    const panel = screen.getByTestId('create-panel');
    expect(within(panel).getAllByRole('link').map((link) => link.textContent)).toEqual(['Start a bounty', 'Start a vote', 'Browse']);
    expect(within(panel).getByRole('link', { name: 'Start a vote' })).toHaveAttribute('href', '/en/create?type=vote');

    expect(entryOffered({ url: '/create?type=article' }, true)).toBe(true);
    expect(entryOffered({ url: '/en/create?type=normal' }, false)).toBe(true);
    expect(entryOffered({ url: '/create' }, false)).toBe(true);
  });

  it('shows the member’s draft count live, linking to the drafts list', () => {
    const { root } = setup(mediaViewer());
    expect(screen.queryByTestId('create-panel-drafts')).not.toBeInTheDocument();
    act(() => root.drafts.save({ ...newDraft('normal'), title: 'Half an idea' }));
    const link = screen.getByTestId('create-panel-drafts');
    expect(link).toHaveTextContent('Drafts: 1');
    expect(link).toHaveAttribute('href', '/en/create?drafts=1');
  });

  it('asks a guest to log in instead of opening an entry', async () => {
    const { root, user } = setup(null);
    await user.click(screen.getByRole('link', { name: 'Start a vote' }));
    expect(root.loginBox.isOpen).toBe(true);
  });
});
