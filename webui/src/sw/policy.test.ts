import { homeOf, langOf, notificationOf, payloadOf, precacheList, staleCaches, strategyOf, targetOf } from './policy';

const origin = 'https://souk.example';
const get = (path: string, mode = 'no-cors') => ({ method: 'GET', mode, url: origin + path });

describe('service worker policy', () => {
  it('caches hashed assets, versioned messages and icons first, pages from the network first, never the API', () => {
    expect(strategyOf(get('/assets/main-ABC.js'), origin)).toBe('static');
    expect(strategyOf(get('/icons/icon-192.png'), origin)).toBe('static');
    expect(strategyOf(get('/_i18n/en/messages.json?v=b1'), origin)).toBe('static');
    expect(strategyOf(get('/_i18n/en/messages.json'), origin)).toBe('network');
    expect(strategyOf(get('/en/article/hello', 'navigate'), origin)).toBe('page');
    expect(strategyOf(get('/', 'navigate'), origin)).toBe('page');
    expect(strategyOf(get('/api/request'), origin)).toBe('network');
    expect(strategyOf(get('/api/media/1/a.png', 'navigate'), origin)).toBe('network');
    expect(strategyOf(get('/builds/latest.json?t=1'), origin)).toBe('network');
    expect(strategyOf(get('/sitemap-en.xml', 'navigate'), origin)).toBe('network');
    expect(strategyOf({ method: 'POST', mode: 'cors', url: `${origin}/api/request` }, origin)).toBe('network');
    expect(strategyOf({ method: 'GET', mode: 'cors', url: 'https://cdn.example/assets/x.js' }, origin)).toBe('network');
  });

  it('knows the language of a path and where its shell is kept', () => {
    expect(langOf('/')).toBe('zh-hans');
    expect(langOf('/en')).toBe('en');
    expect(langOf('/es/messages/ann')).toBe('es');
    expect(langOf('/english')).toBe('zh-hans');
    expect(homeOf('zh-hans')).toBe('/');
    expect(homeOf('en')).toBe('/en');
  });

  it("precaches the first paint's files, the offline pages and the open languages' shells, not the lazy chunks", () => {
    const list = precacheList({ id: 'b1', shell: ['/assets/main-1.js', '/assets/styles-2.css'] }, ['en', 'en']);
    expect(list).toEqual([
      '/assets/main-1.js',
      '/assets/styles-2.css',
      '/icons/icon-192.png',
      '/_offline/zh-hans.html',
      '/_offline/en.html',
      '/_offline/es.html',
      '/en',
      '/_i18n/en/messages.json?v=b1',
    ]);
    expect(precacheList({ id: 'b1', shell: [] }, [])).toContain('/');
  });

  it("deletes only this site's caches of other builds", () => {
    expect(staleCaches(['souk-old', 'souk-b1', 'other'], 'b1')).toEqual(['souk-old']);
  });

  it('shows a push as a notification that replaces its conversation and rings again', () => {
    const { title, options } = notificationOf(
      { title: 'Ann', body: '3 new messages', url: '/en/messages/ann', tag: 'pm1', count: 3, kind: 'message', lang: 'en' },
      5,
    );
    expect(title).toBe('Ann');
    expect(options).toMatchObject({ body: '3 new messages', tag: 'pm1', renotify: true, lang: 'en', timestamp: 5, icon: '/icons/icon-192.png' });
    expect(options.data).toEqual({ url: '/en/messages/ann', kind: 'message', count: 3 });
    expect(notificationOf({}).options).toMatchObject({ renotify: false, tag: undefined, data: { url: '/' } });
    expect(notificationOf({}).title).toBe('Souk');
  });

  it('reads a push without data, with JSON or with text', () => {
    expect(payloadOf(null)).toEqual({});
    expect(payloadOf({ json: () => ({ title: 'x' }), text: () => '' })).toEqual({ title: 'x' });
    expect(
      payloadOf({
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'hello',
      }),
    ).toEqual({ body: 'hello' });
  });

  it('opens a path of the site or an https link, nothing else', () => {
    expect(targetOf('/en/messages/ann', origin)).toBe(`${origin}/en/messages/ann`);
    expect(targetOf('https://elsewhere.example/x', origin)).toBe('https://elsewhere.example/x');
    expect(targetOf('javascript:alert(1)', origin)).toBe(`${origin}/`);
    expect(targetOf(undefined, origin)).toBe(`${origin}/`);
  });
});
