// @vitest-environment node
import { detectLang, langFromPath, rootRedirect, stripLangPrefix } from './detect';

describe('language paths', () => {
  it('reads the prefix', () => {
    expect(langFromPath('/')).toBe('zh-hans');
    expect(langFromPath('/en')).toBe('en');
    expect(langFromPath('/es/account/wealth')).toBe('es');
    expect(langFromPath('/english')).toBe('zh-hans');
  });
  it('strips the prefix', () => {
    expect(stripLangPrefix('/en')).toBe('/');
    expect(stripLangPrefix('/en/cart')).toBe('/cart');
    expect(stripLangPrefix('/cart')).toBe('/cart');
  });
});

describe('detectLang', () => {
  it('prefers the cookie', () => {
    expect(detectLang({ cookie: 'es', host: 'en.souk.test', browserLanguages: ['en-US'] })).toBe('es');
  });
  it('uses the host label next', () => {
    expect(detectLang({ cookie: null, host: 'en.souk.test', browserLanguages: ['zh-CN'] })).toBe('en');
    expect(detectLang({ cookie: null, host: 'localhost', browserLanguages: ['es-419'] })).toBe('es');
  });
  it('maps browser languages', () => {
    expect(detectLang({ cookie: null, host: 'souk.test', browserLanguages: ['fr-FR', 'zh-TW'] })).toBe('zh-hans');
    expect(detectLang({ cookie: null, host: 'souk.test', browserLanguages: ['fr-FR'] })).toBe('zh-hans');
  });
  it('redirects only the root', () => {
    expect(rootRedirect('/', '?ref=a', 'en')).toBe('/en?ref=a');
    expect(rootRedirect('/cart', '', 'en')).toBeNull();
    expect(rootRedirect('/', '', 'zh-hans')).toBeNull();
  });
});
