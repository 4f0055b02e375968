import { useEffect, useState } from 'react';

/** Sanitizes HTML with DOMPurify; links may keep their target. */
export type Sanitize = (html: string) => string;

let sanitizer: Promise<Sanitize> | null = null;

/** DOMPurify, loaded once on first use: it is not needed before the first paint. */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(({ default: DOMPurify }) => (html: string) => DOMPurify.sanitize(html, { ADD_ATTR: ['target'] }));
  return sanitizer;
}

let embedSanitizer: Promise<Sanitize> | null = null;

/** Attributes an embed keeps besides DOMPurify's defaults. */
const EMBED_ATTRS = ['target', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'];

/**
 * DOMPurify that also keeps iframes of https pages (an administrator's embeds in the builder's html
 * blocks), on an instance of its own so that every other sanitize call keeps refusing iframes.
 */
export function loadEmbedSanitizer(): Promise<Sanitize> {
  embedSanitizer ??= import('dompurify').then(({ default: DOMPurify }) => {
    const purify = DOMPurify(window);
    purify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName !== 'iframe' || !(node instanceof Element)) return;
      if (!/^https:\/\/[^\s]+$/.test(node.getAttribute('src') ?? '')) node.remove();
    });
    return (html: string) => purify.sanitize(html, { ADD_TAGS: ['iframe'], ADD_ATTR: EMBED_ATTRS });
  });
  return embedSanitizer;
}

/** The sanitizer once it has loaded (null before): HTML is rendered only sanitized. */
export function useSanitizer(load: () => Promise<Sanitize> = loadSanitizer): Sanitize | null {
  const [sanitize, setSanitize] = useState<{ fn: Sanitize } | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((fn) => live && setSanitize({ fn }));
    return () => {
      live = false;
    };
  }, [load]);
  return sanitize?.fn ?? null;
}

/**
 * html sanitized, or '' until the sanitizer has loaded (the caller renders nothing of it until
 * then); with embeds, https iframes are kept.
 */
export function useSanitizedHtml(html: string | undefined, embeds = false): string {
  const sanitize = useSanitizer(embeds ? loadEmbedSanitizer : loadSanitizer);
  return html && sanitize ? sanitize(html) : '';
}
