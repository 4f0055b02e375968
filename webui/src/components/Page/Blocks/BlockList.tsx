import { observer } from 'mobx-react-lite';
import { Component, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '../../../i18n/languages';
import { BLOCK_TYPES, type Block, type Blocks } from '../../../models/builder';
import type { Device } from '../../../models/settings';
import { toLang } from '../../../utils/links';
import { ArticlesBlock } from './ArticlesBlock';
import { AudioBlock } from './AudioBlock';
import { ChatBlock } from './ChatBlock';
import { BlockContext } from './context';
import { HeroBlock } from './HeroBlock';
import { HtmlBlock } from './HtmlBlock';
import { ImageBlock } from './ImageBlock';
import { MenuBlock } from './MenuBlock';
import { NodesBlock } from './NodesBlock';
import { ProductsBlock } from './ProductsBlock';
import { TextBlock } from './TextBlock';
import { TopicsBlock } from './TopicsBlock';

/** Whether a value from the wire is a block this client knows, with its props. */
function isBlock(value: unknown): value is Block {
  if (typeof value !== 'object' || value === null) return false;
  const { id, type, props } = value as { id?: unknown; type?: unknown; props?: unknown };
  return (
    typeof id === 'string' &&
    typeof type === 'string' &&
    (BLOCK_TYPES as readonly string[]).includes(type) &&
    typeof props === 'object' &&
    props !== null
  );
}

/** A page's blocks for a device, the ones this client cannot show left out; [] when there are none. */
export function pageBlocks(blocks: Blocks | undefined, device: Device): Block[] {
  const list: unknown = blocks?.[device];
  return Array.isArray(list) ? list.filter(isBlock) : [];
}

/** One block's body. */
function BlockBody({ block }: { block: Block }) {
  switch (block.type) {
    case 'hero':
      return <HeroBlock props={block.props} />;
    case 'text':
      return <TextBlock props={block.props} />;
    case 'image':
      return <ImageBlock props={block.props} />;
    case 'articles':
      return <ArticlesBlock props={block.props} />;
    case 'topics':
      return <TopicsBlock props={block.props} />;
    case 'products':
      return <ProductsBlock props={block.props} />;
    case 'menu':
      return <MenuBlock props={block.props} />;
    case 'nodes':
      return <NodesBlock props={block.props} />;
    case 'chat':
      return <ChatBlock props={block.props} />;
    case 'audio':
      return <AudioBlock props={block.props} />;
    case 'html':
      return <HtmlBlock props={block.props} />;
    default:
      return block satisfies never;
  }
}

/** A block that throws while rendering (props of an unexpected shape) is left out; the page goes on. */
class BlockBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('block failed to render', this.props.id, error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** In the builder's preview no link leaves the page, the cards' own links included. */
function stopLinks(event: MouseEvent) {
  if ((event.target as Element | null)?.closest?.('a[href]')) event.preventDefault();
}

export interface BlockListProps {
  /** One device's blocks, in order; hidden ones are skipped. */
  blocks: readonly Block[];
  /** The language of the blocks' texts; the current language by default. */
  lang?: Lang;
  /** The builder's preview: links are inert. */
  preview?: boolean;
  /** The page has its own h1 (a custom or docs page's title): heroes title with h2. */
  titled?: boolean;
  /** The builder's preview currency: product lists are priced in it. */
  currency?: string;
}

/** Renders a page's blocks for one device (the page builder's layout), each in its own section. */
export const BlockList = observer(function BlockList({ blocks, lang, preview = false, titled = false, currency }: BlockListProps) {
  const { i18n } = useTranslation();
  const textLang = lang && isLang(lang) ? lang : toLang(i18n.language);
  const shown = blocks.filter((block) => isBlock(block) && !block.hidden);
  if (shown.length === 0) return null;
  return (
    <BlockContext.Provider value={{ lang: textLang, preview, titled, currency }}>
      <div data-testid="block-list" className="flex flex-col gap-10" onClickCapture={preview ? stopLinks : undefined}>
        {shown.map((block) => (
          <div key={block.id} data-block-id={block.id} data-block-type={block.type}>
            <BlockBoundary id={block.id}>
              <BlockBody block={block} />
            </BlockBoundary>
          </div>
        ))}
      </div>
    </BlockContext.Provider>
  );
});
