import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { mediaItem, mediaViewer } from '../../test/media';
import { renderWithStores } from '../../test/render';
import { createTestRoot } from '../../test/stores';
import { EditorAudio } from './audioNode';
import { EditorImage, editorHtml } from './editorImages';
import { EditorToolbar } from './EditorToolbar';

const song = (n: number) => mediaItem(n, { mediaType: 'audio', mimeType: 'audio/mpeg', title: `Song ${n}`, sourceUrl: `/api/media/30${n}/song-${n}.mp3` });

function setup(viewer = mediaViewer()) {
  const root = createTestRoot('en');
  root.auth.setViewer(viewer);
  const editor = new Editor({ extensions: [StarterKit, EditorImage, EditorAudio], content: '<p>Listen:</p>' });
  editor.commands.focus('end');
  renderWithStores(<EditorToolbar editor={editor} label="Formatting" />, root);
  return { root, editor };
}

describe('the audio button of the editor toolbar', () => {
  it('picks audio from the media library and puts a player for each in the text', async () => {
    const { root, editor } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Insert audio from media library' }));
    await waitFor(() => expect(root.media.request).not.toBeNull());
    expect(root.media.request?.type).toBe('audio');
    expect(root.media.request?.tabs).toEqual(['upload', 'library']);

    act(() => root.media.insert({ kind: 'media', items: [song(1), song(2)] }));
    await waitFor(() => expect(editor.view.dom.querySelectorAll('audio')).toHaveLength(2));
    // What is saved: the players, then the paragraph the cursor goes on writing in is left out while empty.
    expect(editorHtml(editor)).toBe(
      '<p>Listen:</p>' +
        '<audio controls="" preload="metadata" src="/api/media/301/song-1.mp3" title="Song 1"></audio>' +
        '<audio controls="" preload="metadata" src="/api/media/302/song-2.mp3" title="Song 2"></audio>',
    );
    editor.destroy();
  });

  it('changes nothing when the library is closed', async () => {
    const { root, editor } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Insert audio from media library' }));
    await waitFor(() => expect(root.media.request).not.toBeNull());
    act(() => void root.media.close());
    await waitFor(() => expect(root.media.request).toBeNull());
    expect(editor.getHTML()).toBe('<p>Listen:</p>');
    editor.destroy();
  });

  it('is not offered to a member whose role gives no audio', () => {
    const { editor } = setup(mediaViewer({ audio: { can: false, size: 0 } }));
    expect(screen.getByRole('button', { name: 'Insert from media library' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert audio from media library' })).not.toBeInTheDocument();
    editor.destroy();
  });
});
