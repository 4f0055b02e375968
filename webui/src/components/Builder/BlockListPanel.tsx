import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ArrowDown,
  ArrowUp,
  AudioLines,
  Code,
  Copy,
  CopyPlus,
  Eye,
  EyeOff,
  GripVertical,
  Image,
  LayoutList,
  Menu,
  MessageCircle,
  Newspaper,
  Plus,
  ShoppingBag,
  Sparkles,
  Trash2,
  Type,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCK_TYPES, type Block, type BlockType } from '../../models/builder';
import { MAX_BLOCKS, textIn } from '../../stores/builder/layout';
import { useBuilder } from './context';
import { ICON_BUTTON, SMALL_BUTTON } from './fields';

export const BLOCK_ICON: Record<BlockType, LucideIcon> = {
  hero: Sparkles,
  text: Type,
  image: Image,
  articles: Newspaper,
  topics: LayoutList,
  products: ShoppingBag,
  menu: Menu,
  nodes: Users,
  chat: MessageCircle,
  audio: AudioLines,
  html: Code,
};

/** A line under a block's name that tells blocks of one type apart. */
function blockSummary(block: Block, lang: string): string {
  switch (block.type) {
    case 'hero':
    case 'articles':
    case 'topics':
    case 'products':
    case 'nodes':
    case 'chat':
    case 'audio':
      return textIn(block.props.title, lang);
    case 'text':
      return textIn(block.props.html, lang).replace(/<[^>]*>/g, ' ').trim();
    case 'image':
      return String(block.props.images.length);
    case 'menu':
      return block.props.items.map((item) => textIn(item.label, lang)).filter(Boolean).join(' · ');
    case 'html':
      return block.props.html.replace(/<[^>]*>/g, ' ').trim();
    default:
      return block satisfies never;
  }
}

/** The blocks of the current page on the current device: select, reorder (drag or buttons), duplicate, hide, delete, add. */
export const BlockListPanel = observer(function BlockListPanel() {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const blocks = builder.blocks;
  const readOnly = builder.previewed !== null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 px-4 pb-2 pt-4">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">
          {t('page.builder.blocksOf', { device: t(`common.device.${builder.device}`) })}
          <span className="ml-1 font-normal normal-case">
            {blocks.length}/{MAX_BLOCKS}
          </span>
        </h2>
        <AddBlockMenu disabled={readOnly || builder.isFull} />
      </div>
      {blocks.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500">{t('page.builder.noBlocks')}</p>
      ) : (
        <ol data-testid="builder-blocks" aria-label={t('page.builder.blockList')} className="min-h-0 flex-1 space-y-1 overflow-y-auto px-2 pb-2">
          {blocks.map((block, index) => {
            const Icon = BLOCK_ICON[block.type];
            const selected = builder.selectedId === block.id;
            const summary = blockSummary(block, builder.lang);
            return (
              <li
                key={block.id}
                data-testid="block-item"
                data-block-id={block.id}
                data-block-type={block.type}
                draggable={!readOnly}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', block.id);
                }}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  setOver(index);
                }}
                onDragLeave={() => setOver((current) => (current === index ? null : current))}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) builder.move(dragged, index);
                  setDragged(null);
                  setOver(null);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
                className={`group flex items-center gap-1 rounded-lg py-1.5 pl-1 pr-1 ring-1 ring-inset transition ${
                  selected ? 'bg-brand-50 ring-brand-400 dark:bg-brand-400/10' : 'ring-transparent hover:bg-zinc-100 dark:hover:bg-zinc-800'
                } ${over === index && dragged !== index ? 'border-t-2 border-brand-500' : ''} ${dragged === index ? 'opacity-40' : ''} ${
                  builder.flaggedId === block.id ? 'ring-2 ring-rose-500' : ''
                }`}
              >
                <GripVertical className="size-4 shrink-0 cursor-grab text-zinc-400" aria-hidden />
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => builder.select(block.id)}
                  className={`flex min-w-0 flex-1 items-center gap-2 text-left ${block.hidden ? 'opacity-50' : ''}`}
                >
                  <Icon className="size-4 shrink-0 text-zinc-500" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{t(`page.builder.blocks.${block.type}`)}</span>
                    {summary && <span className="block truncate text-xs text-zinc-500">{summary}</span>}
                  </span>
                </button>
                {!readOnly && (
                  <span className={`shrink-0 items-center group-hover:flex group-focus-within:flex ${selected ? 'flex' : 'hidden'}`}>
                    <button type="button" className={ICON_BUTTON} disabled={index === 0} aria-label={t('page.builder.block.moveUp')} onClick={() => builder.moveBy(block.id, -1)}>
                      <ArrowUp className="size-3.5" aria-hidden />
                    </button>
                    <button type="button" className={ICON_BUTTON} disabled={index === blocks.length - 1} aria-label={t('page.builder.block.moveDown')} onClick={() => builder.moveBy(block.id, 1)}>
                      <ArrowDown className="size-3.5" aria-hidden />
                    </button>
                    <button type="button" className={ICON_BUTTON} disabled={builder.isFull} aria-label={t('page.builder.block.duplicate')} onClick={() => builder.duplicate(block.id)}>
                      <CopyPlus className="size-3.5" aria-hidden />
                    </button>
                    <button
                      type="button"
                      className={ICON_BUTTON}
                      aria-pressed={Boolean(block.hidden)}
                      aria-label={block.hidden ? t('page.builder.block.show') : t('page.builder.block.hide')}
                      onClick={() => builder.toggleHidden(block.id)}
                    >
                      {block.hidden ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
                    </button>
                    <button type="button" className={`${ICON_BUTTON} hover:text-rose-600`} aria-label={t('page.builder.block.delete')} onClick={() => builder.remove(block.id)}>
                      <Trash2 className="size-3.5" aria-hidden />
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && (
        <div className="border-t border-zinc-100 p-3 dark:border-zinc-800">
          <button type="button" className={`${SMALL_BUTTON} w-full`} onClick={() => builder.copyToOtherDevices()}>
            <Copy className="size-3.5" aria-hidden />
            {t('page.builder.copyToDevices')}
          </button>
        </div>
      )}
    </div>
  );
});

const AddBlockMenu = observer(function AddBlockMenu({ disabled }: { disabled: boolean }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const types = BLOCK_TYPES.filter((type) => type !== 'html' || builder.canHtml);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={disabled} className={`${SMALL_BUTTON} shrink-0 whitespace-nowrap bg-zinc-900 text-white ring-0 hover:bg-zinc-700 dark:bg-white dark:text-zinc-900`}>
        <Plus className="size-3.5" aria-hidden />
        {t('page.builder.addBlock')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-64 rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-900 dark:ring-white/10">
          {types.map((type) => {
            const Icon = BLOCK_ICON[type];
            return (
              <DropdownMenu.Item
                key={type}
                onSelect={() => builder.addBlock(type)}
                className="flex cursor-pointer items-start gap-2.5 rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
              >
                <Icon className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />
                <span>
                  <span className="block text-sm font-medium">{t(`page.builder.blocks.${type}`)}</span>
                  <span className="block text-xs text-zinc-500">{t(`page.builder.blockHints.${type}`)}</span>
                </span>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});
