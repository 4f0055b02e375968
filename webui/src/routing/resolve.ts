import { DEFAULT_LANG, PREFIXED_LANGS, type Lang } from '../i18n/languages';

/**
 * Dynamic page resolution (SPEC §2), the same rules the server applies; both
 * run the shared vectors in testdata/route-vectors.json.
 */
export type PageKind = 'home' | 'custom' | 'page' | 'article' | 'shop' | 'community' | 'profile';
export type PageView = '' | 'single' | 'archive' | 'tag' | 'answer';

export interface ResolvedPage {
  lang: Lang;
  kind: PageKind;
  view: PageView;
  slug: string;
  id: string;
  variant: string;
  name: string;
}

export interface Variant {
  name: string;
  /** "postID" variants apply only to the ids listed; any other type applies to all. */
  type: string;
  ids: string[];
}

export interface ResolveConfig {
  /** Names of the custom pages; null accepts any name (the server decides). */
  customPages: readonly string[] | null;
  /** The known variants; null accepts any non-empty variant (the server decides). */
  variants: readonly Variant[] | null;
}

const CONTENT_KINDS = ['article', 'shop', 'community', 'profile'] as const;
type ContentKind = (typeof CONTENT_KINDS)[number];

const MAX_ID = 9223372036854775807n;
const ID_PATTERN = /^[1-9][0-9]{0,18}$/;

/** Splits a path (query and fragment ignored) into decoded segments; null on bad encoding. */
export function pathSegments(path: string): string[] | null {
  const bare = path.replace(/[?#].*$/s, '');
  const segments: string[] = [];
  for (const raw of bare.split('/')) {
    if (raw === '') continue;
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return segments;
}

/** Resolves a path to the page it names, or null when it names none (404). */
export function resolvePage(path: string, config: ResolveConfig): ResolvedPage | null {
  const segments = pathSegments(path);
  if (!segments) return null;

  let lang: Lang = DEFAULT_LANG;
  if (segments.length > 0 && (PREFIXED_LANGS as readonly string[]).includes(segments[0])) {
    lang = segments.shift() as Lang;
  }
  const empty = { lang, view: '' as PageView, slug: '', id: '', variant: '', name: '' };

  switch (segments.length) {
    case 0:
      return { ...empty, kind: 'home' };
    case 1: {
      const [name] = segments;
      if (config.customPages === null ? !parseSlugId(name, config) : config.customPages.includes(name)) {
        return { ...empty, kind: 'custom', name };
      }
      const target = parseSlugId(name, config);
      return target && { ...empty, kind: 'page', view: 'single', ...target };
    }
    case 2: {
      const route = parseKindView(segments[0]);
      const target = route && parseSlugId(segments[1], config);
      return target ? { ...empty, ...route, ...target } : null;
    }
    default:
      return null;
  }
}

function parseKindView(segment: string): { kind: ContentKind; view: PageView } | null {
  const dash = segment.indexOf('-');
  const kind = (dash < 0 ? segment : segment.slice(0, dash)) as ContentKind;
  if (!CONTENT_KINDS.includes(kind)) return null;
  if (dash < 0) return { kind, view: 'single' };
  const view = segment.slice(dash + 1);
  switch (view) {
    case 'archive':
      return { kind, view };
    case 'tag':
      return kind === 'profile' ? null : { kind, view };
    case 'answer':
      return kind === 'community' ? { kind, view } : null;
    default:
      return null;
  }
}

/** Parses `slugid[.variant]`: digits alone are an id, otherwise the id follows the last '-'. */
function parseSlugId(segment: string, config: ResolveConfig): { slug: string; id: string; variant: string } | null {
  const dot = segment.indexOf('.');
  const head = dot < 0 ? segment : segment.slice(0, dot);
  const variant = dot < 0 ? '' : segment.slice(dot + 1);
  if (dot >= 0 && variant === '') return null;

  let slug = '';
  let id = head;
  if (!/^[0-9]+$/.test(head)) {
    const dash = head.lastIndexOf('-');
    if (dash < 0) return null;
    slug = head.slice(0, dash);
    id = head.slice(dash + 1);
  }
  if (!ID_PATTERN.test(id) || BigInt(id) > MAX_ID) return null;
  if (variant !== '' && !variantApplies(variant, id, config.variants)) return null;
  return { slug, id, variant };
}

function variantApplies(name: string, id: string, variants: readonly Variant[] | null): boolean {
  if (variants === null) return true;
  const variant = variants.find((v) => v.name === name);
  if (!variant) return false;
  return variant.type !== 'postID' || variant.ids.includes(id);
}
