import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { VirtuosoGridMockContext } from 'react-virtuoso';
import { libraryPage, mediaItem, mediaViewer, withFileMimes } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import { MoreInformationDialog } from '../Login/MoreInformationDialog';
import { MediaLibraryHost } from '../Media/MediaLibraryHost';

function setup(viewer = mediaViewer()) {
  const calls = mockFetch(
    apiResponder({
      'media.getLibrary': () => json(libraryPage([mediaItem(2), mediaItem(1)])),
      updateUser: (data) => json({ updateUser: { user: { ...viewer, avatar: { url: `/api/media/900/avatar-${String(data.avatarMediaId)}.png` } } } }),
    }),
  );
  const root = createTestRoot('en');
  root.auth.setViewer(viewer);
  withFileMimes(root);
  act(() => root.auth.editProfile());
  renderWithStores(
    <VirtuosoGridMockContext.Provider value={{ viewportHeight: 600, viewportWidth: 500, itemHeight: 100, itemWidth: 100 }}>
      <MoreInformationDialog />
      <MediaLibraryHost />
    </VirtuosoGridMockContext.Provider>,
    root,
  );
  return { root, calls };
}

describe('avatar upload in the profile dialog', () => {
  it('picks one image of the library and makes it the avatar (updateUser avatarMediaId)', async () => {
    const { root, calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Change picture' }));
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(2));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Upload', 'Library']);
    fireEvent.click(screen.getAllByTestId('media-item')[0]!);
    fireEvent.click(screen.getAllByTestId('media-item')[1]!);
    expect(screen.getByTestId('media-selected-count')).toHaveTextContent('1 of 1 selected');
    fireEvent.click(screen.getByTestId('media-insert'));

    await waitFor(() => expect(screen.getByTestId('profile-avatar')).toHaveAttribute('src', '/api/media/900/avatar-301.png'));
    const update = calls.filter((call) => call.body?.action === 'updateUser').map((call) => call.body?.data);
    expect(update).toEqual([{ avatarMediaId: '301' }]);
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['Profile picture updated']);
    // The profile dialog stays open for the other fields.
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
  });

  it('offers no picture change without image rights', () => {
    setup(mediaViewer({ image: { can: false, size: 0 } }));
    expect(screen.getByTestId('profile-avatar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change picture' })).not.toBeInTheDocument();
  });
});
