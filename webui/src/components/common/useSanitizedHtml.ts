import { useEffect, useState } from 'react';

/** Sanitizes HTML with DOMPurify; links may keep their target. */
export type Sanitize = (html: string) => string;

let sanitizer: Promise<Sanitize> | null = null;

/** DOMPurify, loaded once on first use: it is not needed before the first paint. */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(({ default: DOMPurify }) => (html: string) => DOMPurify.sanitize(html, { ADD_ATTR: ['target'] }));
  return sanitizer;
}

/** The sanitizer once it has loaded (null before): HTML is rendered only sanitized. */
export function useSanitizer(): Sanitize | null {
  const [sanitize, setSanitize] = useState<{ fn: Sanitize } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((fn) => live && setSanitize({ fn }));
    return () => {
      live = false;
    };
  }, []);
  return sanitize?.fn ?? null;
}

/** html sanitized, or '' until the sanitizer has loaded (the caller renders nothing of it until then). */
export function useSanitizedHtml(html: string | undefined): string {
  const sanitize = useSanitizer();
  return html && sanitize ? sanitize(html) : '';
}
