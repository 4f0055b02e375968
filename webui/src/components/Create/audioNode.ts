import { mergeAttributes, Node } from '@tiptap/core';
import type { Item } from '../../api/wire.gen';

/**
 * An audio file in the rich text: a block of its own that is edited whole (selected, moved,
 * deleted), written as the server keeps it, `<audio controls preload="metadata" src title>`, so
 * readers get the native player (and the floating player's controls beside it).
 */
export const EditorAudio = Node.create({
  name: 'audio',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: { default: null },
      title: { default: null },
    };
  },

  parseHTML() {
    return [{ tag: 'audio[src]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['audio', mergeAttributes({ controls: '', preload: 'metadata' }, HTMLAttributes)];
  },
});

/** The audio node of a media item picked from the library: its file and its title. */
export function audioContent(item: Item): { type: string; attrs: { src: string; title: string | null } } {
  return { type: EditorAudio.name, attrs: { src: item.sourceUrl, title: item.title || item.fileName || null } };
}
