import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { mediaItem } from '../../test/media';
import { EditorAudio, audioContent } from './audioNode';

const SONG = '<audio controls="" preload="metadata" src="/api/media/7/song.mp3" title="Song"></audio>';

function makeEditor(content: string) {
  return new Editor({ extensions: [StarterKit, EditorAudio], content });
}

describe('the audio node of the editor', () => {
  it('reads an audio of saved text and writes it back as the server keeps it', () => {
    const editor = makeEditor(`<p>Listen:</p>${SONG}<p>after</p>`);
    const audio = editor.state.doc.child(1);
    expect(audio.type.name).toBe('audio');
    expect(audio.attrs).toEqual({ src: '/api/media/7/song.mp3', title: 'Song' });
    expect(editor.getHTML()).toBe(`<p>Listen:</p>${SONG}<p>after</p>`);
    // A second round trip changes nothing.
    editor.commands.setContent(editor.getHTML());
    expect(editor.getHTML()).toBe(`<p>Listen:</p>${SONG}<p>after</p>`);
    editor.destroy();
  });

  it('shows a native player in the editor, edited whole', () => {
    const editor = makeEditor(SONG);
    const audio = editor.view.dom.querySelector('audio');
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('src', '/api/media/7/song.mp3');
    expect(editor.state.doc.child(0).type.spec.atom).toBe(true);
    editor.destroy();
  });

  it('reads the audio of a source only from its own src, and without a title when it has none', () => {
    const editor = makeEditor('<audio controls><source src="/api/media/7/song.mp3"></audio><audio src="https://cdn.example/a.ogg"></audio>');
    expect(editor.getHTML()).toBe('<audio controls="" preload="metadata" src="https://cdn.example/a.ogg"></audio>');
    editor.destroy();
  });

  it('makes the node of a library item: its file and its title, else its file name', () => {
    const song = mediaItem(7, { mediaType: 'audio', title: 'Song', sourceUrl: '/api/media/307/song.mp3' });
    expect(audioContent(song)).toEqual({ type: 'audio', attrs: { src: '/api/media/307/song.mp3', title: 'Song' } });
    expect(audioContent({ ...song, title: '', fileName: 'song.mp3' }).attrs.title).toBe('song.mp3');
  });
});
