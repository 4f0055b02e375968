import type { Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import type { Item } from '../../api/wire.gen';
import { pastedImageProblem, type MediaRight } from '../../models/MediaItem';
import { imageDimensions, namedForUpload } from '../../utils/imageFile';

/**
 * The image node of the editor, inline in the text (a paste lands at the cursor and the cursor
 * stays after it), with one more attribute: `uploadId` marks a placeholder (the pasted file shown
 * from memory) until its upload ends. It renders as data-upload-id, and {@link editorHtml} leaves
 * placeholders out of what is saved or sent.
 */
export const EditorImage = Image.configure({ inline: true }).extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      uploadId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-upload-id'),
        renderHTML: (attributes: { uploadId?: string | null }) => (attributes.uploadId ? { 'data-upload-id': attributes.uploadId } : {}),
      },
    };
  },
});

const PLACEHOLDER = /<img\b[^>]*\bdata-upload-id="[^"]*"[^>]*>/gi;

/** The editor's HTML without images still uploading; empty when nothing was written. */
export function editorHtml(editor: Editor): string {
  if (editor.isEmpty) return '';
  return editor.getHTML().replace(PLACEHOLDER, '').replace(/<p><\/p>$/, '');
}

/** What inserting pasted or dropped images needs from the stores. */
export interface ImageUploadDeps {
  /** The viewer's image right now (gqRoles.media.image). */
  right: () => MediaRight;
  /** Uploads accepted files as one selection (UploadStore.upload): the stored items, or null. */
  upload: (files: File[]) => Promise<Item[] | null>;
  /** True (and a toast) when another upload is running. */
  refuseWhileBusy: () => boolean;
  /** Shows a refusal: a translated message from a key. */
  alert: (key: string, values: Record<string, unknown>) => void;
  /** Reads a picture's size; null when it cannot be decoded. */
  measure?: (file: File) => Promise<{ width: number; height: number } | null>;
}

let uploadSequence = 0;

function findPlaceholder(editor: Editor, uploadId: string): { pos: number; size: number; attrs: Record<string, unknown> } | null {
  let found: { pos: number; size: number; attrs: Record<string, unknown> } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === EditorImage.name && node.attrs.uploadId === uploadId) found = { pos, size: node.nodeSize, attrs: node.attrs };
    return !found;
  });
  return found;
}

function removePlaceholder(editor: Editor, uploadId: string) {
  const found = findPlaceholder(editor, uploadId);
  if (found && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.delete(found.pos, found.pos + found.size));
}

function settlePlaceholder(editor: Editor, uploadId: string, item: Item) {
  const found = findPlaceholder(editor, uploadId);
  if (!found || editor.isDestroyed) return;
  const attrs = { ...found.attrs, src: item.sourceUrl, alt: item.altText || item.title || '', uploadId: null };
  editor.view.dispatch(editor.state.tr.setNodeMarkup(found.pos, undefined, attrs));
}

/**
 * Pasted or dropped pictures (SPEC §5): each shows at once as a placeholder (at `at`, else the
 * cursor); one the viewer may not upload (no image right, larger than the role's MB, wider or
 * taller than 2000 px) is refused with its alert and its placeholder removed; the others upload
 * as one selection through the media upload, and each placeholder becomes the stored picture (or
 * goes, when the upload fails).
 */
export async function insertImageFiles(editor: Editor, files: File[], deps: ImageUploadDeps, at?: number): Promise<void> {
  if (files.length === 0 || deps.refuseWhileBusy()) return;
  const measure = deps.measure ?? imageDimensions;
  const placed = files.map((file) => {
    uploadSequence += 1;
    return { file, uploadId: `upload-${Date.now().toString(36)}-${uploadSequence}`, preview: URL.createObjectURL(file) };
  });
  const nodes = placed.map(({ uploadId, preview }) => ({ type: EditorImage.name, attrs: { src: preview, uploadId } }));
  const chain = editor.chain().focus();
  (at === undefined ? chain.insertContent(nodes) : chain.insertContentAt(at, nodes)).run();

  const accepted: typeof placed = [];
  for (const entry of placed) {
    const problem = pastedImageProblem(deps.right(), entry.file.size, await measure(entry.file));
    if (problem) {
      deps.alert(problem.key, problem.values);
      removePlaceholder(editor, entry.uploadId);
      URL.revokeObjectURL(entry.preview);
    } else {
      accepted.push(entry);
    }
  }
  if (accepted.length === 0) return;
  const items = await deps.upload(accepted.map(({ file }) => namedForUpload(file)));
  accepted.forEach((entry, index) => {
    const item = items?.[index];
    if (item) settlePlaceholder(editor, entry.uploadId, item);
    else removePlaceholder(editor, entry.uploadId);
    URL.revokeObjectURL(entry.preview);
  });
}

/** The image files of a drop (the OS's files, not a picture dragged within the editor). */
export function droppedImages(data: DataTransfer | null): File[] {
  return Array.from(data?.files ?? []).filter((file) => file.type.startsWith('image/'));
}
