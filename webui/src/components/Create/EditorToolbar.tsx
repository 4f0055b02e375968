import * as Popover from '@radix-ui/react-popover';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Music,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaRight } from '../../models/MediaItem';
import { useStores } from '../../stores/StoresContext';
import { audioContent } from './audioNode';
import { EditorImage } from './editorImages';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/** An address a link may take: http(s), mailto:, tel:, or a path of this site. */
export function linkHref(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (/^[\w-]+(\.[\w-]+)+([/?#].*)?$/.test(value)) return `https://${value}`;
  return null;
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  codeBlock: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

const selectState = ({ editor }: { editor: Editor }): ToolState => ({
  bold: editor.isActive('bold'),
  italic: editor.isActive('italic'),
  strike: editor.isActive('strike'),
  h2: editor.isActive('heading', { level: 2 }),
  h3: editor.isActive('heading', { level: 3 }),
  bulletList: editor.isActive('bulletList'),
  orderedList: editor.isActive('orderedList'),
  blockquote: editor.isActive('blockquote'),
  codeBlock: editor.isActive('codeBlock'),
  link: editor.isActive('link'),
  canUndo: editor.can().undo(),
  canRedo: editor.can().redo(),
});

const BUTTON =
  'grid size-9 shrink-0 place-items-center rounded-lg text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-40 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white dark:aria-pressed:bg-brand-400/10 dark:aria-pressed:text-brand-300';

function ToolButton({ icon: Icon, label, active, disabled, onClick }: { icon: LucideIcon; label: string; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={BUTTON} aria-label={label} title={label} aria-pressed={active} disabled={disabled} onClick={onClick}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

/**
 * The formatting bar above the editor: marks, headings, blocks, link, picture and audio from the
 * media library (audio only for members whose role lets them have audio), undo and redo.
 */
export const EditorToolbar = observer(function EditorToolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useTranslation();
  const { media, auth } = useStores();
  const canAudio = mediaRight(auth.viewer?.data.gqRoles, 'audio').can;
  const state = useEditorState({ editor, selector: selectState });
  const run = () => editor.chain().focus();

  const insertFromLibrary = async () => {
    const items = await media.pick({ type: 'image' });
    if (items.length === 0 || editor.isDestroyed) return;
    run()
      .insertContent(items.map((item) => ({ type: EditorImage.name, attrs: { src: item.sourceUrl, alt: item.altText || item.title || '' } })))
      .run();
  };

  const insertAudio = async () => {
    const items = await media.pick({ type: 'audio' });
    if (items.length === 0 || editor.isDestroyed) return;
    run().insertContent(items.map(audioContent)).run();
  };

  return (
    <div role="toolbar" aria-label={label} className="flex flex-wrap items-center gap-0.5 border-b border-zinc-100 px-2 py-1.5 dark:border-zinc-800">
      <ToolButton icon={Bold} label={t('page.create.editor.bold')} active={state.bold} onClick={() => run().toggleBold().run()} />
      <ToolButton icon={Italic} label={t('page.create.editor.italic')} active={state.italic} onClick={() => run().toggleItalic().run()} />
      <ToolButton icon={Strikethrough} label={t('page.create.editor.strike')} active={state.strike} onClick={() => run().toggleStrike().run()} />
      <span className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" aria-hidden />
      <ToolButton icon={Heading2} label={t('page.create.editor.heading2')} active={state.h2} onClick={() => run().toggleHeading({ level: 2 }).run()} />
      <ToolButton icon={Heading3} label={t('page.create.editor.heading3')} active={state.h3} onClick={() => run().toggleHeading({ level: 3 }).run()} />
      <ToolButton icon={List} label={t('page.create.editor.bulletList')} active={state.bulletList} onClick={() => run().toggleBulletList().run()} />
      <ToolButton icon={ListOrdered} label={t('page.create.editor.orderedList')} active={state.orderedList} onClick={() => run().toggleOrderedList().run()} />
      <ToolButton icon={Quote} label={t('page.create.editor.quote')} active={state.blockquote} onClick={() => run().toggleBlockquote().run()} />
      <ToolButton icon={SquareCode} label={t('page.create.editor.codeBlock')} active={state.codeBlock} onClick={() => run().toggleCodeBlock().run()} />
      <ToolButton icon={Minus} label={t('page.create.editor.rule')} onClick={() => run().setHorizontalRule().run()} />
      <span className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" aria-hidden />
      <LinkButton editor={editor} active={state.link} />
      <ToolButton icon={ImagePlus} label={t('page.create.editor.image')} onClick={() => void insertFromLibrary()} />
      {canAudio && <ToolButton icon={Music} label={t('page.create.editor.audio')} onClick={() => void insertAudio()} />}
      <span className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-700" aria-hidden />
      <ToolButton icon={Undo2} label={t('page.create.editor.undo')} disabled={!state.canUndo} onClick={() => run().undo().run()} />
      <ToolButton icon={Redo2} label={t('page.create.editor.redo')} disabled={!state.canRedo} onClick={() => run().redo().run()} />
    </div>
  );
});

/** Sets, changes or removes the link of the selection, in a small popover. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const openChange = (next: boolean) => {
    if (next) {
      setText((editor.getAttributes('link').href as string | undefined) ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };

  const apply = (event: FormEvent) => {
    // The popover renders in a portal, yet React bubbles its submit to the create form: stop it here.
    event.preventDefault();
    event.stopPropagation();
    const href = linkHref(text);
    if (!href) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  const label = t('page.create.editor.link');
  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger className={BUTTON} aria-label={label} title={label} aria-pressed={active}>
        <Link2 className="size-4" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-[60] w-72 rounded-xl bg-white p-3 shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-800 dark:ring-white/10"
        >
          <form onSubmit={apply} noValidate className="space-y-2">
            <label htmlFor={`${id}-href`} className="block text-xs font-medium text-zinc-600 dark:text-zinc-300">
              {t('page.create.editor.linkUrl')}
            </label>
            <input
              id={`${id}-href`}
              type="url"
              inputMode="url"
              autoFocus
              value={text}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setInvalid(false);
              }}
              placeholder="https://"
              className="h-9 w-full rounded-lg bg-zinc-100 px-3 text-sm outline-none ring-1 ring-inset ring-transparent focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-rose-500 dark:bg-zinc-900"
            />
            {invalid && (
              <p id={`${id}-error`} role="alert" className="text-xs text-rose-600">
                {t('page.create.editor.linkInvalid')}
              </p>
            )}
            <div className="flex justify-end gap-2">
              {active && (
                <button type="button" onClick={remove} className="rounded-lg px-3 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700">
                  {t('page.create.editor.linkRemove')}
                </button>
              )}
              <button type="submit" className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-brand-700">
                {t('page.create.editor.linkApply')}
              </button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
