import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoGridMockContext } from 'react-virtuoso';
import type { Item } from '../../api/wire.gen';
import type { MediaType } from '../../models/MediaItem';
import type { MediaInsert } from '../../stores/MediaStore';
import { fileOf, libraryPage, mediaItem, mediaViewer, uploadServer, withFileMimes } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { MediaLibraryHost } from './MediaLibraryHost';

const twelve = Array.from({ length: 12 }, (_, i) => mediaItem(12 - i));

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(options: { items?: Item[]; viewer?: ReturnType<typeof mediaViewer>; chunk?: (call: FetchCall) => Promise<Response> | Response } = {}) {
  const server = uploadServer((id, fileName) => mediaItem(90, { id, fileName, title: fileName }));
  const api = apiResponder({
    'media.getLibrary': (data) => {
      const type = (data.mimeTypeIN as string[])[0];
      return json(libraryPage((options.items ?? twelve).filter((item) => item.mediaType === type)));
    },
    'media.uploadStatus': (data) => server.status(data),
    'mutates.deleteMedias': (data) => json({ gqDeleteMedias: { success: true, ids: data.ids } }),
  });
  const calls = mockFetch((call) => (call.url === '/api/upload' ? (options.chunk ?? server.chunk)(call) : api(call)));
  const root = createTestRoot('en');
  root.auth.setViewer(options.viewer ?? mediaViewer());
  withFileMimes(root);
  renderWithStores(
    <VirtuosoGridMockContext.Provider value={{ viewportHeight: 1000, viewportWidth: 500, itemHeight: 100, itemWidth: 100 }}>
      <MediaLibraryHost />
    </VirtuosoGridMockContext.Provider>,
    root,
  );
  return { root, calls };
}

function open(root: ReturnType<typeof createTestRoot>, type: MediaType, limit?: number) {
  let result: Promise<MediaInsert | null> = Promise.resolve(null);
  act(() => {
    result = root.media.open({ type, limit });
  });
  return result;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const tile = (n: number) => screen.getAllByTestId('media-item').find((el) => el.dataset.id === String(300 + n))!;

describe('media library dialog', () => {
  it('offers the tabs of the media type asked for', async () => {
    const { root } = setup();
    void open(root, 'video');
    expect(await screen.findByTestId('media-library')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Embed', 'Iframe', 'External link', 'Upload', 'Library']);
    act(() => void root.media.close());

    void open(root, 'image');
    await waitFor(() => expect(tabNames()).toEqual(['Upload', 'Library']));
    act(() => void root.media.close());

    for (const type of ['audio', 'attachment'] as const) {
      void open(root, type);
      await waitFor(() => expect(tabNames()).toEqual(['External link', 'Upload', 'Library']));
      act(() => void root.media.close());
    }
  });

  it('lists the library of the type asked for and picks at most 10', async () => {
    const { root, calls } = setup({ items: [...twelve, mediaItem(50, { mediaType: 'video', mimeType: 'video/mp4' })] });
    const result = open(root, 'image');
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(12));
    expect(requests(calls, 'media.getLibrary')[0]).toMatchObject({ mimeTypeIN: ['image'] });

    for (let n = 1; n <= 11; n += 1) fireEvent.click(tile(n));
    expect(screen.getAllByTestId('media-item').filter((el) => el.getAttribute('aria-pressed') === 'true')).toHaveLength(10);
    expect(tile(11)).toHaveAttribute('aria-pressed', 'false');
    expect(root.toasts.toasts.map((toast) => toast.message)).toEqual(['You can pick at most 10 files']);
    expect(screen.getByTestId('media-selected-count')).toHaveTextContent('10 of 10 selected');

    fireEvent.click(tile(3));
    expect(tile(3)).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('media-insert'));
    const inserted = await result;
    expect(inserted?.kind).toBe('media');
    expect(inserted?.kind === 'media' && inserted.items.map((item) => item.id)).toEqual(['301', '302', '304', '305', '306', '307', '308', '309', '310']);
    expect(screen.queryByTestId('media-library')).not.toBeInTheDocument();
  });

  it('with a limit of 1, a new pick replaces the old one', async () => {
    const { root } = setup();
    const result = open(root, 'image', 1);
    await waitFor(() => expect(screen.getAllByTestId('media-item').length).toBeGreaterThan(0));
    fireEvent.click(tile(1));
    fireEvent.click(tile(2));
    expect(tile(1)).toHaveAttribute('aria-pressed', 'false');
    expect(tile(2)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('media-insert'));
    expect(await result).toEqual({ kind: 'media', items: [mediaItem(2)] });
  });

  it('deletes the picked items after a confirmation, with a success toast', async () => {
    const { root, calls } = setup();
    void open(root, 'image');
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(12));
    fireEvent.click(tile(4));
    fireEvent.click(tile(5));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByTestId('media-delete-confirm');
    expect(confirm).toHaveTextContent('Delete 2 files?');
    expect(requests(calls, 'mutates.deleteMedias')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(10));
    expect(requests(calls, 'mutates.deleteMedias')).toEqual([{ ids: ['304', '305'] }]);
    expect(root.toasts.toasts.map((toast) => `${toast.type}: ${toast.message}`)).toEqual(['success: Deleted successfully']);
    expect(screen.getByTestId('media-selected-count')).toHaveTextContent('0 of 10 selected');
  });

  it('refuses to close while an upload runs, then shows the upload picked in the library', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = uploadServer((id, fileName) => mediaItem(90, { id, fileName, title: fileName }));
    const { root } = setup({ chunk: async (call) => (await held, server.chunk(call)) });
    void open(root, 'image');
    fireEvent.click(await screen.findByRole('tab', { name: 'Upload' }));
    const input = screen.getByTestId('media-upload-input') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
    fireEvent.change(input, { target: { files: [fileOf(10, 'new.png')] } });
    await waitFor(() => expect(screen.getByTestId('media-upload-progress')).toHaveAttribute('data-state', 'uploading'));

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByTestId('media-library')).toBeInTheDocument();
    expect(root.toasts.toasts.map((toast) => `${toast.type}: ${toast.message}`)).toEqual(['warning: Please wait until the upload finishes before closing the media library']);
    // A second selection is refused too.
    fireEvent.click(input);
    expect(root.toasts.toasts.at(-1)?.message).toBe('Please wait until current upload finishes');

    release();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Library' })).toHaveAttribute('aria-selected', 'true'));
    // The upload's item (id 71 from the fake server) joins the library, picked.
    await waitFor(() => expect(screen.getAllByTestId('media-item').find((el) => el.dataset.id === '71')).toHaveAttribute('aria-pressed', 'true'));
    act(() => void root.media.close());
    expect(screen.queryByTestId('media-library')).not.toBeInTheDocument();
  });

  it('says why the viewer may not upload: the day count reached, or no right', async () => {
    const { root } = setup({
      viewer: mediaViewer({ image: { can: false, size: 5, max: 5, count: 5 }, audio: { can: false, size: 0, max: 0, count: 0 } }),
    });
    void open(root, 'image');
    fireEvent.click(await screen.findByRole('tab', { name: 'Upload' }));
    expect(screen.getByTestId('media-upload-notice')).toHaveTextContent('You have already uploaded 5 files of this type today, the maximum is 5');
    expect(screen.queryByTestId('media-upload-input')).not.toBeInTheDocument();
    act(() => void root.media.close());

    void open(root, 'audio');
    fireEvent.click(await screen.findByRole('tab', { name: 'Upload' }));
    expect(screen.getByTestId('media-upload-notice')).toHaveTextContent('Your level does not allow uploading this type of file');
  });

  it('inserts an external attachment with its fields; the title is required', async () => {
    const { root } = setup();
    const result = open(root, 'attachment');
    fireEvent.click(await screen.findByRole('tab', { name: 'External link' }));
    fireEvent.change(screen.getByLabelText('File address'), { target: { value: 'https://files.example.com/a.zip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByText('Please enter a title')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Pack' } });
    fireEvent.change(screen.getByLabelText('Unzip password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await result).toEqual({
      kind: 'external',
      type: 'attachment',
      url: 'https://files.example.com/a.zip',
      title: 'Pack',
      fileSize: '',
      unzipPassword: 'pw',
      extractionCode: '',
    });
  });

  it('takes only the https source of a pasted iframe code', async () => {
    const { root } = setup();
    const result = open(root, 'video');
    fireEvent.click(await screen.findByRole('tab', { name: 'Iframe' }));
    const code = screen.getByLabelText('Iframe code or player address');
    fireEvent.change(code, { target: { value: '<iframe src="javascript:alert(1)"></iframe>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(root.toasts.toasts.at(-1)?.message).toBe('Insert failed');
    fireEvent.change(code, { target: { value: '<iframe src="https://player.example.com/v/1" width="640" height="360" onload="x()"></iframe>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await result).toEqual({ kind: 'iframe', src: 'https://player.example.com/v/1', width: 640, height: 360 });
  });
});
