import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import type { Item } from '../../api/wire.gen';
import type { MediaRight } from '../../models/MediaItem';
import { fileOf, mediaItem } from '../../test/media';
import { EditorImage, editorHtml, insertImageFiles, type ImageUploadDeps } from './editorImages';

const MB = 1024 * 1024;
const allowed: MediaRight = { can: true, size: 2, max: 0, count: 0 };

function makeEditor(content = '<p>Hello</p>') {
  return new Editor({ extensions: [StarterKit, EditorImage], content });
}

/** Deps whose upload waits until the test lets it go, so the placeholder can be seen meanwhile. */
function deps(overrides: Partial<ImageUploadDeps> = {}) {
  let finish: (items: Item[] | null) => void = () => {};
  const alerts: [string, Record<string, unknown>][] = [];
  const uploaded: File[][] = [];
  const value: ImageUploadDeps = {
    right: () => allowed,
    upload: (files) => {
      uploaded.push(files);
      return new Promise((resolve) => (finish = resolve));
    },
    refuseWhileBusy: () => false,
    alert: (key, values) => alerts.push([key, values]),
    measure: async () => ({ width: 800, height: 600 }),
    ...overrides,
  };
  return { value, alerts, uploaded, finish: (items: Item[] | null) => finish(items) };
}

function images(editor: Editor) {
  return Array.from(editor.view.dom.querySelectorAll('img:not(.ProseMirror-separator)'));
}

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(n += 1)}`);
  URL.revokeObjectURL = vi.fn();
});

describe('pasted and dropped images (SPEC §5)', () => {
  it('shows a placeholder at once, uploads it, then shows the stored picture', async () => {
    const editor = makeEditor();
    const upload = deps();
    const done = insertImageFiles(editor, [fileOf(1000, 'image.png')], upload.value);

    expect(images(editor)).toHaveLength(1);
    expect(images(editor)[0]).toHaveAttribute('src', 'blob:preview-1');
    expect(images(editor)[0]).toHaveAttribute('data-upload-id');
    // A picture on its way up is never saved nor sent.
    expect(editorHtml(editor)).not.toContain('<img');

    await vi.waitFor(() => expect(upload.uploaded).toHaveLength(1));
    expect(upload.uploaded[0]![0]!.name).toMatch(/^pasted-\d+\.png$/);
    upload.finish([mediaItem(5, { altText: 'A cat' })]);
    await done;

    const [image] = images(editor);
    expect(image).toHaveAttribute('src', '/api/media/305/file-5.png');
    expect(image).toHaveAttribute('alt', 'A cat');
    expect(image).not.toHaveAttribute('data-upload-id');
    expect(editorHtml(editor)).toContain('<img src="/api/media/305/file-5.png" alt="A cat">');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    editor.destroy();
  });

  it('refuses an image larger than the role’s MB: alert, placeholder removed, nothing uploaded', async () => {
    const editor = makeEditor();
    const upload = deps();
    await insertImageFiles(editor, [fileOf(2 * MB + 1)], upload.value);
    expect(upload.alerts).toEqual([['common.editor.paste.tooLarge', { size: 2 }]]);
    expect(images(editor)).toHaveLength(0);
    expect(upload.uploaded).toHaveLength(0);
    editor.destroy();
  });

  it('refuses an image wider or taller than 2000 px, and keeps the others of the paste', async () => {
    const editor = makeEditor();
    const sizes = [{ width: 2001, height: 10 }, { width: 640, height: 480 }];
    const upload = deps({ measure: async () => sizes.shift() ?? null });
    const done = insertImageFiles(editor, [fileOf(10, 'wide.png'), fileOf(10, 'fine.png')], upload.value);
    await vi.waitFor(() => expect(upload.uploaded).toHaveLength(1));
    expect(upload.alerts).toEqual([['common.editor.paste.tooBig', { max: 2000 }]]);
    expect(upload.uploaded[0]!.map((file) => file.name)).toEqual(['fine.png']);
    expect(images(editor)).toHaveLength(1);
    upload.finish([mediaItem(6)]);
    await done;
    expect(images(editor).map((image) => image.getAttribute('src'))).toEqual(['/api/media/306/file-6.png']);
    editor.destroy();
  });

  it('refuses every image without the image right', async () => {
    const editor = makeEditor();
    const upload = deps({ right: () => ({ ...allowed, can: false }) });
    await insertImageFiles(editor, [fileOf(10)], upload.value);
    expect(upload.alerts).toEqual([['common.editor.paste.noRight', {}]]);
    expect(images(editor)).toHaveLength(0);
    editor.destroy();
  });

  it('removes the placeholder when the upload fails', async () => {
    const editor = makeEditor();
    const upload = deps();
    const done = insertImageFiles(editor, [fileOf(10)], upload.value);
    await vi.waitFor(() => expect(upload.uploaded).toHaveLength(1));
    upload.finish(null);
    await done;
    expect(images(editor)).toHaveLength(0);
    expect(editorHtml(editor)).toBe('<p>Hello</p>');
    editor.destroy();
  });

  it('inserts nothing while another upload runs', async () => {
    const editor = makeEditor();
    const upload = deps({ refuseWhileBusy: () => true });
    await insertImageFiles(editor, [fileOf(10)], upload.value);
    expect(images(editor)).toHaveLength(0);
    expect(upload.uploaded).toHaveLength(0);
    editor.destroy();
  });

  it('puts a second paste after the first picture, not in its place', async () => {
    const editor = makeEditor();
    editor.commands.focus('end');
    for (const n of [1, 2]) {
      const upload = deps();
      const done = insertImageFiles(editor, [fileOf(10)], upload.value);
      await vi.waitFor(() => expect(upload.uploaded).toHaveLength(1));
      upload.finish([mediaItem(n)]);
      await done;
    }
    expect(images(editor).map((image) => image.getAttribute('src'))).toEqual(['/api/media/301/file-1.png', '/api/media/302/file-2.png']);
    editor.destroy();
  });

  it('reads an empty editor as no content', () => {
    const editor = makeEditor('');
    expect(editorHtml(editor)).toBe('');
    editor.destroy();
  });
});
