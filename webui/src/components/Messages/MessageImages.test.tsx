import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoGridMockContext, VirtuosoMockContext } from 'react-virtuoso';
import type { PrivateMessage } from '../../api/wire.gen';
import { signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { conversationPage, inboxUser, privateMessage, unread } from '../../test/inbox';
import { fileOf, libraryPage, mediaItem, mediaViewer, uploadServer, withFileMimes } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { imageDimensions } from '../../utils/imageFile';
import { MediaLibraryHost } from '../Media/MediaLibraryHost';
import { MessageBox } from './MessageBox';

vi.mock('../../utils/imageFile', async (original) => ({
  ...(await original<typeof import('../../utils/imageFile')>()),
  imageDimensions: vi.fn(),
}));

const ann = inboxUser('7', 'Ann');
const picture = { id: '301', sourceUrl: '/api/media/301/file-1.png', width: 800, height: 600 };

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(viewer = mediaViewer(), thread: PrivateMessage[] = [privateMessage(1, '7', '42', { content: 'look', image: picture })]) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  vi.mocked(imageDimensions).mockResolvedValue({ width: 640, height: 480 });
  URL.createObjectURL = vi.fn(() => 'blob:pasted');
  URL.revokeObjectURL = vi.fn();
  const server = uploadServer((id, fileName) => mediaItem(20, { id, databaseId: id, fileName }));
  const api = apiResponder({
    'utils.getUnreadCounts': () => json({ unread: unread(0, 0), inboxSeq: 1 }),
    'utils.getPrivateMessageUsers': () => json({ privateMessageUsers: { edges: [], pageInfo: { endCursor: '', hasNextPage: false } }, unread: unread(0, 0), inboxSeq: 1 }),
    'utils.getPrivateMessage': () => json(conversationPage(ann, thread)),
    'media.getLibrary': () => json(libraryPage([mediaItem(2), mediaItem(1)])),
    'media.uploadStatus': (data) => server.status(data),
    'mutates.sendMessage': (data) =>
      json({
        gqSendMessage: {
          message: privateMessage(9, '42', '7', { content: String(data.content), image: data.image ? { ...picture, id: String(data.image), sourceUrl: `/api/media/${String(data.image)}/x.png` } : null }),
        },
      }),
  });
  const calls = mockFetch((call) => (call.url === '/api/upload' ? server.chunk(call) : api(call)));
  const root = createTestRoot('en');
  signIn(root, viewer);
  withFileMimes(root);
  renderWithStores(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 64 }}>
      <VirtuosoGridMockContext.Provider value={{ viewportHeight: 600, viewportWidth: 500, itemHeight: 100, itemWidth: 100 }}>
        <MessageBox />
        <MediaLibraryHost />
      </VirtuosoGridMockContext.Provider>
    </VirtuosoMockContext.Provider>,
    root,
  );
  act(() => root.messages.openBox(ann));
  return { root, calls };
}

function paste(file: File) {
  fireEvent.paste(screen.getByTestId('message-input'), {
    clipboardData: { items: [{ kind: 'file', type: file.type, getAsFile: () => file }], files: [file] },
  });
}

describe('images in private messages', () => {
  it('shows a message image in its bubble; a click opens the viewer, escape closes it', async () => {
    setup();
    const bubble = await screen.findByTestId('private-message-image', {}, { timeout: 5000 });
    // Virtuoso keeps its list hidden in jsdom: what is inside is found by selector, not by role.
    const image = bubble.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/api/media/301/file-1.png');
    expect(image).toHaveAttribute('alt', 'Image from Member 7');
    expect(bubble.style.width).toBe('240px');
    expect(screen.getByTestId('private-message')).toHaveTextContent('look');

    fireEvent.click(bubble);
    const viewer = await screen.findByTestId('image-viewer');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(within(viewer).getByTestId('image-viewer-zoom')).toHaveTextContent('150%');
    fireEvent.keyDown(viewer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('image-viewer')).not.toBeInTheDocument());
    // The conversation is still open underneath.
    expect(screen.getByTestId('message-conversation')).toBeInTheDocument();
  });

  it('sends an image picked from the library, with no text, and shows it', async () => {
    const { calls } = setup(mediaViewer(), []);
    fireEvent.click(await screen.findByTestId('message-add-image'));
    expect(await screen.findByTestId('media-library')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Upload', 'Library']);
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('media-item')[1]!);
    fireEvent.click(screen.getAllByTestId('media-item')[0]!);
    fireEvent.click(screen.getByTestId('media-insert'));

    const attachment = await screen.findByTestId('message-attachment');
    expect(attachment).toHaveAttribute('data-state', 'ready');
    expect(within(attachment).getByRole('img')).toHaveAttribute('src', '/api/media/302/file-2.png');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(requests(calls, 'mutates.sendMessage')).toHaveLength(1));
    expect(requests(calls, 'mutates.sendMessage')[0]).toMatchObject({ to_id: '7', content: '', image: '302' });
    await waitFor(() => expect(screen.queryByTestId('message-attachment')).not.toBeInTheDocument());
    expect((await screen.findByTestId('private-message-image')).querySelector('img')).toHaveAttribute('src', '/api/media/302/x.png');
  });

  it('uploads a pasted image and sends it with the text', async () => {
    const { calls } = setup(mediaViewer(), []);
    paste(fileOf(2000, 'image.png'));
    await waitFor(() => expect(screen.getByTestId('message-attachment')).toHaveAttribute('data-state', 'ready'));
    expect(calls.filter((call) => call.url === '/api/upload')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('message-input'), { target: { value: 'a screenshot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests(calls, 'mutates.sendMessage')[0]).toMatchObject({ content: 'a screenshot', image: '71' }));
  });

  it('refuses pasted images beyond 2000 px, beyond the size limit or without image rights, removing the placeholder', async () => {
    const { root, calls } = setup(mediaViewer({ image: { can: true, size: 1 } }), []);
    await screen.findByTestId('message-input');
    vi.mocked(imageDimensions).mockResolvedValueOnce({ width: 2400, height: 900 });
    paste(fileOf(2000));
    await waitFor(() => expect(root.toasts.toasts.at(-1)?.message).toBe('Your images need to be less than 2000 pixels in height and width.'));
    expect(screen.queryByTestId('message-attachment')).not.toBeInTheDocument();

    paste(fileOf(2 * 1024 * 1024));
    await waitFor(() => expect(root.toasts.toasts.at(-1)?.message).toBe('Images need to be less than 1 MB'));
    expect(screen.queryByTestId('message-attachment')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/upload')).toHaveLength(0);
  });

  it('offers no image without image rights; a paste says why', async () => {
    const { root } = setup(mediaViewer({ image: { can: false, size: 0 } }), []);
    await screen.findByTestId('message-input');
    expect(screen.queryByTestId('message-add-image')).not.toBeInTheDocument();
    paste(fileOf(100));
    await waitFor(() => expect(root.toasts.toasts.at(-1)?.message).toBe('Your level does not allow sending images'));
    expect(screen.queryByTestId('message-attachment')).not.toBeInTheDocument();
  });
});
