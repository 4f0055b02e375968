import { DEVICES, type Block, type BlockType, type DeviceDoc, type LayoutDoc, type MenuItemDoc, type PageDoc, type Text } from '../../models/builder';
import type { Device, DeviceSettings, MenuItem } from '../../models/settings';

/** The most blocks one device's list holds (the server refuses more). */
export const MAX_BLOCKS = 40;
/** The most pages a layout holds. */
export const MAX_PAGES = 60;
/** The longest publish note. */
export const NOTE_MAX = 200;
/** Custom page names and docs slugs (SPEC §5, app/internal/layout). */
export const CUSTOM_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const DOCS_SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** A deep copy of plain JSON data (observable or not). */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A fresh block id: unique within a device list, in the server's alphabet. */
export function newBlockId(type: BlockType, taken: readonly string[] = []): string {
  for (;;) {
    const id = `${type}-${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.includes(id)) return id;
  }
}

/** A new block of type with sensible props, its texts in lang. */
export function newBlock(type: BlockType, lang: string, taken: readonly string[] = []): Block {
  const id = newBlockId(type, taken);
  const text = (value = ''): Text => (value ? { [lang]: value } : {});
  const list = { title: text(), ref: '', ids: [] as string[], view: 'cards' as const, count: 6, columns: 3 };
  switch (type) {
    case 'hero':
      return { id, type, props: { title: text(), subtitle: text(), image: '', align: 'center' } };
    case 'text':
      return { id, type, props: { html: text() } };
    case 'image':
      return { id, type, props: { images: [{ url: '', caption: {} }], aspect: '16/9', autoplay: true } };
    case 'articles':
      return { id, type, props: { ...list, source: 'latest' } };
    case 'topics':
      return { id, type, props: { ...list, view: 'list', source: 'latest' } };
    case 'products':
      return { id, type, props: { ...list, source: 'latest' } };
    case 'menu':
      return { id, type, props: { items: [{ label: {}, url: '/' }], scrollX: true, scrollY: false, gap: 8, padding: 8, background: '' } };
    case 'nodes':
      return { id, type, props: { title: text(), ids: [], count: 8 } };
    case 'chat':
      return { id, type, props: { title: text(), text: text(), button: text() } };
    case 'audio':
      return { id, type, props: { title: text(), items: [] } };
    case 'html':
      return { id, type, props: { html: '' } };
    default:
      return type satisfies never;
  }
}

/** An empty page of kind with its blocks lists for every device. */
export function newPage(kind: PageDoc['kind'], name: string, titles: Text): PageDoc {
  return { kind, name, titles, layout: kind === 'docs' ? 'docs' : 'default', blocks: { mobile: [], tablet: [], desktop: [] } };
}

/** The languages of a Text that are still empty, of those asked. */
export function missingLangs(text: Text | undefined, langs: readonly string[]): string[] {
  return langs.filter((lang) => !text?.[lang]?.trim());
}

/** A Text in lang, falling back to any language given (for labels in lists). */
export function textIn(text: Text | undefined, lang: string): string {
  if (!text) return '';
  return text[lang] || Object.values(text).find((value) => value) || '';
}

function menuIn(items: MenuItemDoc[] | undefined, lang: string): MenuItem[] {
  return (items ?? []).map((item) => ({
    label: item.label?.[lang] ?? '',
    url: item.url,
    ...(item.icon ? { icon: item.icon } : {}),
    ...(item.children?.length ? { children: menuIn(item.children, lang) } : {}),
  }));
}

/** The header and footer settings of a DeviceDoc in lang, for the preview of Header and Footer. */
export function deviceSettings(doc: DeviceDoc | undefined, lang: string): DeviceSettings {
  if (!doc) return {};
  const { header, footer } = doc;
  return {
    header: header && {
      attrsPicked: header.attrsPicked,
      menus: menuIn(header.menus, lang),
      userList: menuIn(header.userList, lang),
      backgroundColor: header.backgroundColor,
      textColor: header.textColor,
      width: header.width,
      textSize: header.textSize,
      logoWidth: header.logoWidth || undefined,
      logo: header.logo,
    },
    footer: footer && {
      menus: menuIn(footer.menus, lang),
      createMenu: footer.createMenu && {
        ...footer.createMenu,
        menus: menuIn(footer.createMenu.menus, lang),
        carousel: footer.createMenu.carousel?.map((slide) => ({ ...slide, caption: slide.caption?.[lang] ?? '' })),
      },
      backgroundColor: footer.backgroundColor,
      textColor: footer.textColor,
      width: footer.width,
      textSize: footer.textSize,
      textHtmlLastRow: footer.textHtmlLastRow?.[lang] ?? '',
    },
  };
}

/** Where a server error's field path points in the document. */
export type FieldTarget =
  | { kind: 'block'; page: number; device: Device; index: number; path: string }
  | { kind: 'page'; page: number; path: string }
  | { kind: 'settings'; device: Device; part: 'header' | 'footer'; path: string };

const BLOCK_PATH = /pages\[(\d+)\]\.blocks\.(mobile|tablet|desktop)\[(\d+)\][\w.[\]]*/;
const PAGE_PATH = /pages\[(\d+)\][\w.[\]]*/;
const SETTINGS_PATH = /pageSettings\.(mobile|tablet|desktop)\.(header|footer)[\w.[\]]*/;

/** Finds the JSON path a validation message names (`pages[0].blocks.mobile[2].props.ref`). */
export function fieldTarget(message: string): FieldTarget | null {
  const block = BLOCK_PATH.exec(message);
  if (block) return { kind: 'block', page: Number(block[1]), device: block[2] as Device, index: Number(block[3]), path: block[0] };
  const settings = SETTINGS_PATH.exec(message);
  if (settings) return { kind: 'settings', device: settings[1] as Device, part: settings[2] as 'header' | 'footer', path: settings[0] };
  const page = PAGE_PATH.exec(message);
  if (page) return { kind: 'page', page: Number(page[1]), path: page[0] };
  return null;
}

/** A page's label in the picker. */
export function pageLabel(page: PageDoc, lang: string): string {
  return textIn(page.titles, lang) || (page.kind === 'docs' ? `docs/${page.name}` : `/${page.name}`);
}

/** Makes sure every page has the three device lists (a document imported from an older site may lack one). */
export function normalizeDoc(doc: LayoutDoc): LayoutDoc {
  for (const page of doc.pages) {
    page.blocks ??= { mobile: [], tablet: [], desktop: [] };
    for (const device of DEVICES) page.blocks[device] ??= [];
    page.titles ??= {};
  }
  return doc;
}
