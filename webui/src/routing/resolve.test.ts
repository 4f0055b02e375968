// @vitest-environment node
import vectorFile from '../../../testdata/route-vectors.json';
import { pathSegments, resolvePage, type ResolvedPage, type Variant } from './resolve';

interface Vectors {
  customPages: string[];
  variants: Variant[];
  cases: { path: string; expect: ResolvedPage | null }[];
}

const vectors = vectorFile as Vectors;

describe('resolvePage: shared route vectors', () => {
  const config = { customPages: vectors.customPages, variants: vectors.variants };
  it('has vectors', () => expect(vectors.cases.length).toBeGreaterThan(10));
  it.each(vectors.cases.map((c) => [c.path, c.expect] as const))('%s', (path, expected) => {
    expect(resolvePage(path, config)).toEqual(expected);
  });
});

describe('resolvePage: lenient mode (the server decides names and variants)', () => {
  const lenient = { customPages: null, variants: null };
  it('accepts any single name as a custom page', () => {
    expect(resolvePage('/en/whatever', lenient)).toMatchObject({ kind: 'custom', name: 'whatever', lang: 'en' });
  });
  it('keeps slug-id pages as pages', () => {
    expect(resolvePage('/terms-12.anything', lenient)).toMatchObject({ kind: 'page', id: '12', variant: 'anything' });
  });
  it('still rejects structural errors', () => {
    expect(resolvePage('/article/hello', lenient)).toBeNull();
    expect(resolvePage('/a/b/c', lenient)).toBeNull();
  });
});

describe('pathSegments', () => {
  it('rejects bad percent-encoding', () => expect(pathSegments('/%E4%BD')).toBeNull());
  it('drops empty segments, query and fragment', () => expect(pathSegments('//a//b/?q=1#x')).toEqual(['a', 'b']));
});
