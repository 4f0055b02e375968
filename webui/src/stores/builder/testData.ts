import type { DeviceDoc, DraftReply, LayoutDoc } from '../../models/builder';

export function deviceDoc(): DeviceDoc {
  const look = { backgroundColor: '', textColor: '', width: '', textSize: '' };
  return {
    header: { ...look, attrsPicked: ['logo', 'menu'], menus: [{ label: { en: 'Home', es: 'Inicio' }, url: '/' }], userList: [], logoWidth: 0, logo: '' },
    footer: { ...look, menus: [], createMenu: { menus: [], carousel: [], joinChat: true, showShare: true }, textHtmlLastRow: { en: 'Hello' } },
  };
}

/** A layout with a home page holding a hero on every device, and an about page. */
export function layoutDoc(): LayoutDoc {
  const hero = { id: 'hero-1', type: 'hero' as const, props: { title: { en: 'Welcome' }, subtitle: {}, image: '', align: 'center' as const } };
  return {
    pageSettings: { mobile: deviceDoc(), tablet: deviceDoc(), desktop: deviceDoc() },
    pages: [
      { kind: 'home', name: '', titles: {}, layout: 'default', blocks: { mobile: [hero], tablet: [hero], desktop: [hero] } },
      { kind: 'custom', name: 'about', titles: { en: 'About', es: 'Acerca', 'zh-hans': '关于' }, layout: 'default', blocks: { mobile: [], tablet: [], desktop: [] } },
    ],
  };
}

export function draftReply(overrides: Partial<DraftReply> = {}): DraftReply {
  return { doc: layoutDoc(), revision: 3, baseVersion: 2, publishedVersion: 2, updatedAt: 1_700_000_000_000, dirty: false, canHtml: true, ...overrides };
}
