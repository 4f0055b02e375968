import type { Editor } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaRight } from '../../models/MediaItem';
import { useStores } from '../../stores/StoresContext';
import { pastedImages } from '../../utils/imageFile';
import { EditorAudio } from './audioNode';
import { EditorImage, droppedImages, editorHtml, insertImageFiles, type ImageUploadDeps } from './editorImages';
import { EditorToolbar } from './EditorToolbar';
import '../../stores/UploadStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The editor's text styles: what the published page shows, plus the placeholder and pictures on their way up. */
const EDITOR_CONTENT = [
  'min-h-64 px-4 py-3 leading-relaxed text-zinc-800 outline-none dark:text-zinc-200',
  '[&_p]:my-2 [&_h2]:mb-2 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-400',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-zinc-200 [&_blockquote]:pl-4 [&_blockquote]:text-zinc-600 dark:[&_blockquote]:border-zinc-700 dark:[&_blockquote]:text-zinc-400',
  '[&_pre]:rounded-xl [&_pre]:bg-zinc-900 [&_pre]:p-3 [&_pre]:text-zinc-100 [&_code]:text-[0.9em]',
  '[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-brand-500',
  '[&_img[data-upload-id]]:animate-pulse [&_img[data-upload-id]]:opacity-50',
  '[&_audio]:my-2 [&_audio]:w-full [&_audio]:rounded-full [&_audio.ProseMirror-selectednode]:ring-2 [&_audio.ProseMirror-selectednode]:ring-brand-500',
  '[&_hr]:my-4 [&_hr]:border-zinc-200 dark:[&_hr]:border-zinc-700',
  '[&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-zinc-400 [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
].join(' ');

/** The editable element's attributes: a labelled multi-line textbox, invalid with its error when told. */
function textboxAttributes(label: string, invalid: boolean, errorId: string | undefined): Record<string, string> {
  return {
    class: EDITOR_CONTENT,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    'data-testid': 'create-editor',
    ...(invalid ? { 'aria-invalid': 'true', ...(errorId ? { 'aria-describedby': errorId } : {}) } : {}),
  };
}

export interface RichEditorProps {
  /** The HTML the editor starts with (it is not controlled after that: remount it with a key to load another). */
  initialContent: string;
  /** Called with the HTML after each change (placeholders of uploads left out). */
  onChange: (html: string) => void;
  label: string;
  placeholder: string;
  invalid?: boolean;
  /** The id of the error text under the editor. */
  errorId?: string;
}

/**
 * The rich-text editor of the create page (TipTap): paragraphs, headings, lists, quotes, code,
 * links, pictures and audio. Pictures come from the media library (the toolbar) or are pasted or
 * dropped in: those are checked and uploaded by {@link insertImageFiles}. Audio comes from the
 * media library.
 */
export const RichEditor = observer(function RichEditor({ initialContent, onChange, label, placeholder, invalid = false, errorId }: RichEditorProps) {
  const { auth, uploads, toasts, t: translate } = useStores();
  const { t } = useTranslation();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const deps = useRef<ImageUploadDeps>({
    right: () => mediaRight(auth.viewer?.data.gqRoles, 'image'),
    upload: (files) => uploads.upload(files, { type: 'image' }),
    refuseWhileBusy: () => uploads.refuseWhileBusy(),
    alert: (key, values) => toasts.error(translate(key, values)),
  });
  const editorRef = useRef<Editor | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      EditorImage,
      EditorAudio,
      Placeholder.configure({ placeholder }),
    ],
    content: initialContent,
    editorProps: {
      attributes: textboxAttributes(label, invalid, errorId),
      handlePaste: (_view, event) => {
        const files = pastedImages(event.clipboardData);
        if (files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        void insertImageFiles(editorRef.current, files, deps.current);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : droppedImages(event.dataTransfer);
        if (files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImageFiles(editorRef.current, files, deps.current, at);
        return true;
      },
    },
    onUpdate: ({ editor: changed }) => onChangeRef.current(editorHtml(changed)),
  });
  editorRef.current = editor;

  // The field's state for assistive technology follows the form's errors (kept for the mount when
  // the view is not there yet).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: textboxAttributes(label, invalid, errorId) } });
  }, [editor, label, invalid, errorId]);

  return (
    <div
      className={`overflow-hidden rounded-2xl bg-white ring-1 transition focus-within:ring-2 dark:bg-zinc-900 ${
        invalid ? 'ring-2 ring-rose-500' : 'ring-zinc-900/10 focus-within:ring-brand-500 dark:ring-white/10'
      }`}
    >
      {editor && <EditorToolbar editor={editor} label={t('page.create.editor.toolbar')} />}
      <EditorContent editor={editor} />
    </div>
  );
});
