import { describe, expect, it } from 'vitest';
import type { Lang } from '../i18n/languages';
import { isExternal, localizePath, opensInNewTab, profilePath, toLang } from './links';

describe('isExternal', () => {
  it.each([
    ['http://example.com', true],
    ['https://example.com/a?b=1', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['//cdn.example.com/x.png', true],
    ['mailto:help@example.com', true],
    ['tel:+8612345678', true],
    ['/topics/1', false],
    ['/en/topics', false],
    ['topics/1', false],
    ['#comments', false],
    ['?page=2', false],
    ['/http://not-a-scheme', false],
  ])('%s → %s', (href, expected) => {
    expect(isExternal(href)).toBe(expected);
  });
});

describe('opensInNewTab', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['//example.com', true],
    ['mailto:help@example.com', false],
    ['tel:+8612345678', false],
  ])('%s → %s', (href, expected) => {
    expect(opensInNewTab(href)).toBe(expected);
  });
});

describe('toLang', () => {
  it.each([
    ['zh-hans', 'zh-hans'],
    ['zh-Hans', 'zh-hans'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['es', 'es'],
    ['fr', 'zh-hans'],
    ['english', 'zh-hans'],
    [undefined, 'zh-hans'],
  ])('%s → %s', (code, expected) => {
    expect(toLang(code)).toBe(expected);
  });
});

describe('localizePath', () => {
  it.each<[string, Lang, string]>([
    ['/', 'zh-hans', '/'],
    ['/', 'en', '/en'],
    ['/', 'es', '/es'],
    ['/topics/1', 'zh-hans', '/topics/1'],
    ['/topics/1', 'en', '/en/topics/1'],
    ['/topics/1', 'es', '/es/topics/1'],
    ['/en/topics/1', 'es', '/es/topics/1'],
    ['/es/topics/1', 'en', '/en/topics/1'],
    ['/en/topics/1', 'zh-hans', '/topics/1'],
    ['/en', 'zh-hans', '/'],
    ['/en', 'es', '/es'],
    ['/es/', 'en', '/en'],
    ['/topics?page=2#c3', 'en', '/en/topics?page=2#c3'],
    ['/en/topics?page=2#c3', 'zh-hans', '/topics?page=2#c3'],
    ['/?q=souk', 'en', '/en?q=souk'],
    ['/#top', 'es', '/es#top'],
    ['/en?q=souk', 'zh-hans', '/?q=souk'],
    ['/en?q=souk', 'es', '/es?q=souk'],
    ['/english/lessons', 'es', '/es/english/lessons'],
    ['/estate', 'zh-hans', '/estate'],
    ['topics/1', 'en', 'topics/1'],
    ['#comments', 'en', '#comments'],
  ])('%s in %s → %s', (path, lang, expected) => {
    expect(localizePath(path, lang)).toBe(expected);
  });
});

describe('profilePath', () => {
  it('joins the slug and the id the page resolver reads', () => {
    expect(profilePath({ gqSlug: 'member', databaseId: '2124180709827502080' })).toBe('/profile/member-2124180709827502080');
    expect(profilePath({ gqSlug: '', databaseId: '7' })).toBe('/profile/7');
  });
});
