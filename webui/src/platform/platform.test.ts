import { injectAnalytics, trackPageView } from './analytics';
import { isBot } from './bots';
import { CHUNK_RELOAD_WINDOW_MS, reloadAfterChunkError } from './chunkReload';
import { getCookie, setCookie } from './cookies';
import { rememberReferral, referralCode, visitorId } from './visitor';

describe('chunk reload guard', () => {
  it('reloads once per 10 seconds', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError(1_000, reload)).toBe(true);
    expect(reloadAfterChunkError(1_000 + CHUNK_RELOAD_WINDOW_MS - 1, reload)).toBe(false);
    expect(reloadAfterChunkError(1_000 + CHUNK_RELOAD_WINDOW_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('analytics', () => {
  afterEach(() => document.head.querySelectorAll('script[data-analytics]').forEach((s) => s.remove()));

  it('recreates only the script elements of the snippet', () => {
    const count = injectAnalytics(
      '<script async src="https://stats.example/a.js"></script><img src=x onerror="alert(1)"><script>var x = 1;</script>',
    );
    expect(count).toBe(2);
    const scripts = document.head.querySelectorAll('script[data-analytics]');
    expect(scripts[0].getAttribute('src')).toBe('https://stats.example/a.js');
    expect(scripts[1].textContent).toBe('var x = 1;');
    expect(document.querySelector('img[src=x]')).toBeNull();
  });

  it('logs a failure and goes on', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const doc = { createElement: () => { throw new Error('boom'); } } as unknown as Document;
    expect(injectAnalytics('<script></script>', doc)).toBe(0);
    expect(error).toHaveBeenCalled();
  });

  it('sends page views to the globals that exist', () => {
    const gtag = vi.fn();
    const hmt: unknown[][] = [];
    trackPageView('/en/cart', { gtag, _hmt: hmt } as unknown as Window);
    expect(gtag).toHaveBeenCalledWith('event', 'page_view', { page_path: '/en/cart' });
    expect(hmt).toEqual([['_trackPageview', '/en/cart']]);
    expect(() => trackPageView('/x', {} as Window)).not.toThrow();
  });
});

describe('visitor and referral', () => {
  it('keeps one random visitor id', () => {
    const id = visitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorId()).toBe(id);
  });

  it('stores the referral code', () => {
    rememberReferral('friend42');
    expect(referralCode()).toBe('friend42');
  });
});

describe('cookies and bots', () => {
  it('round-trips a cookie', () => {
    setCookie('i18n_redirected', 'es', 365);
    expect(getCookie('i18n_redirected')).toBe('es');
    expect(getCookie('missing')).toBeNull();
  });

  it('knows crawlers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130 Safari/537.36')).toBe(false);
  });
});
