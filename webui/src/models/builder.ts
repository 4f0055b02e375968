/**
 * The page builder's layout document (issue 17), as builder.draft, builder.saveDraft and
 * builder.versions carry it and as the server stores each published version. Texts are given
 * per language (`{"zh-hans": "…", "en": "…", "es": "…"}`); the server validates everything here
 * (app/internal/layout) and the client only keeps to the same bounds for early, friendlier errors.
 */
import type * as wire from '../api/wire.gen';
import type { Device, HeaderAttr } from './settings';

/** A text per language code. */
export type Text = Partial<Record<string, string>>;

/** The three devices, each with its own layout. */
export const DEVICES: readonly Device[] = ['mobile', 'tablet', 'desktop'];

/** A stored menu entry (header, footer, create panel, menu block). */
export interface MenuItemDoc {
  label: Text;
  url: string;
  icon?: string;
  children?: MenuItemDoc[];
}

/** A stored carousel slide. */
export interface CarouselDoc {
  url: string;
  link?: string;
  caption: Text;
}

/** Styling shared by header and footer (CSS values; empty means the theme's). */
export interface LookDoc {
  backgroundColor: string;
  textColor: string;
  width: string;
  textSize: string;
}

export interface HeaderDoc extends LookDoc {
  attrsPicked: HeaderAttr[];
  menus: MenuItemDoc[];
  userList: MenuItemDoc[];
  logoWidth: number;
  logo: string;
}

export interface CreateMenuDoc {
  menus: MenuItemDoc[];
  carousel: CarouselDoc[];
  joinChat: boolean;
  showShare: boolean;
}

export interface FooterDoc extends LookDoc {
  menus: MenuItemDoc[];
  createMenu: CreateMenuDoc;
  textHtmlLastRow: Text;
}

export interface DeviceDoc {
  header: HeaderDoc;
  footer: FooterDoc;
}

/** The block types, in the order the builder's "add block" menu offers them. */
export const BLOCK_TYPES = [
  'hero',
  'text',
  'image',
  'articles',
  'topics',
  'products',
  'menu',
  'nodes',
  'chat',
  'audio',
  'html',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** How a list block shows its items. */
export type ListView = 'list' | 'cards' | 'masonry';

export interface HeroProps {
  title: Text;
  subtitle: Text;
  /** Background picture (https or /media/…); empty for none. */
  image: string;
  cta?: { label: Text; url: string };
  align: 'left' | 'center';
}

export interface TextProps {
  /** Rich text per language, sanitized by the server. */
  html: Text;
}

export interface ImageProps {
  /** One picture, or a carousel when there are several (1..10). */
  images: CarouselDoc[];
  aspect: '16/9' | '4/3' | '1/1' | 'auto';
  autoplay: boolean;
}

/** articles: source latest | category | tag | picked. */
export interface ArticlesProps {
  title: Text;
  source: 'latest' | 'category' | 'tag' | 'picked';
  /** The category's or tag's id (source category or tag). */
  ref: string;
  /** Hand-picked article databaseIds, in order (source picked; 1..20). */
  ids: string[];
  view: ListView;
  /** Items shown (1..20). */
  count: number;
  /** Columns of cards and masonry on this device (1..4). */
  columns: number;
}

/** topics: source latest | node | picked (ref is a community node's id). */
export interface TopicsProps extends Omit<ArticlesProps, 'source'> {
  source: 'latest' | 'node' | 'picked';
}

/** products: source latest | category | tag | picked (shop categories and tags). */
export type ProductsProps = ArticlesProps;

/** The horizontally scrolling menu container (SPEC §2). */
export interface MenuProps {
  items: MenuItemDoc[];
  scrollX: boolean;
  scrollY: boolean;
  /** px, 0..64 */
  gap: number;
  /** px, 0..64 */
  padding: number;
  /** CSS colour; empty for none. */
  background: string;
}

/** A strip of community nodes: the hand-picked ones in order, or the first `count` when none. */
export interface NodesProps {
  title: Text;
  ids: string[];
  count: number;
}

/** An invitation to the live chat room. */
export interface ChatProps {
  title: Text;
  text: Text;
  button: Text;
}

/** An audio item (SPEC §3): src, time (seconds), thumb, title; currentTime is the player's. */
export interface AudioItem {
  src: string;
  time: number;
  thumb: string;
  title: string;
  currentTime?: number;
}

export interface AudioProps {
  title: Text;
  /** 1..20 tracks. */
  items: AudioItem[];
}

/** Custom HTML: only administrators add or change it; the server sanitizes it. */
export interface HtmlProps {
  html: string;
}

interface BlockOf<T extends BlockType, P> {
  /** Unique within its device's list; the same id on several devices is the same block duplicated. */
  id: string;
  type: T;
  /** Hidden on this device (kept in the layout, not shown). */
  hidden?: boolean;
  props: P;
}

export type Block =
  | BlockOf<'hero', HeroProps>
  | BlockOf<'text', TextProps>
  | BlockOf<'image', ImageProps>
  | BlockOf<'articles', ArticlesProps>
  | BlockOf<'topics', TopicsProps>
  | BlockOf<'products', ProductsProps>
  | BlockOf<'menu', MenuProps>
  | BlockOf<'nodes', NodesProps>
  | BlockOf<'chat', ChatProps>
  | BlockOf<'audio', AudioProps>
  | BlockOf<'html', HtmlProps>;

/** A page's blocks: every device has its own ordered list. */
export type Blocks = Record<Device, Block[]>;

export type PageKind = 'home' | 'custom' | 'docs';

export interface PageDoc {
  kind: PageKind;
  /** home: ""; custom: the URL segment; docs: the slug under /docs/. */
  name: string;
  titles: Text;
  /** custom pages: default or docs; home default; docs pages always docs. */
  layout: 'default' | 'docs';
  blocks: Blocks;
}

/** The whole site layout: header and footer per device, and every builder page. */
export interface LayoutDoc {
  pageSettings: Record<Device, DeviceDoc>;
  pages: PageDoc[];
}

/** builder.draft's reply, its document typed as the layout the client edits. */
export type DraftReply = Omit<wire.DraftReply, 'doc'> & { doc: LayoutDoc };

/** One entry of builder.versions. */
export type VersionEntry = wire.VersionEntry;
