import createDOMPurify from 'dompurify';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localizePath, toLang } from '../../utils/links';
import { useContentAudio } from '../Audio/ContentAudio';
import { ImageViewer, type ViewerImage } from '../common/ImageViewer';

/**
 * A purifier of our own, so that its hook (links that open a new tab get `rel="noopener
 * noreferrer"`, pictures load lazily) touches nothing else that sanitizes HTML.
 */
const purifier = typeof window === 'undefined' ? null : createDOMPurify(window);
purifier?.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
});

/** Server HTML, sanitized again on this side (defence in depth). */
export function sanitizeHtml(html: string): string {
  return purifier ? purifier.sanitize(html, { ADD_ATTR: ['target'] }) : '';
}

/** Typography for rich text, in the spirit of a prose stylesheet, light and dark. */
const PROSE = [
  'break-words leading-relaxed text-zinc-800 dark:text-zinc-200',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_p]:my-3 [&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-3 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mb-2 [&_h4]:mt-4 [&_h4]:font-semibold',
  '[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-600 dark:[&_a]:text-brand-400',
  '[&_a[data-mention]]:font-medium [&_a[data-mention]]:no-underline hover:[&_a[data-mention]]:underline',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-200 [&_blockquote]:pl-4 [&_blockquote]:text-zinc-600 dark:[&_blockquote]:border-zinc-700 dark:[&_blockquote]:text-zinc-400',
  '[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em] dark:[&_code]:bg-zinc-800',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-zinc-900 [&_pre]:p-4 [&_pre]:text-zinc-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:cursor-zoom-in [&_img]:rounded-xl',
  '[&_hr]:my-6 [&_hr]:border-zinc-200 dark:[&_hr]:border-zinc-800',
  '[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-zinc-200 [&_td]:p-2 [&_th]:border [&_th]:border-zinc-200 [&_th]:p-2 dark:[&_td]:border-zinc-700 dark:[&_th]:border-zinc-700',
  '[&_iframe]:my-4 [&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_iframe]:rounded-xl [&_video]:my-4 [&_video]:w-full [&_video]:rounded-xl',
].join(' ');

/** An in-app address the router can open itself: a path on this site, not a new tab or download. */
function inAppPath(anchor: HTMLAnchorElement): string | null {
  const href = anchor.getAttribute('href') ?? '';
  if (!href.startsWith('/') || href.startsWith('//') || anchor.target || anchor.hasAttribute('download')) return null;
  return href;
}

/**
 * Rich text the server sent (articles, topics, answers, comments): sanitized again, styled as
 * prose. A picture opens the image viewer with all the pictures of the text (click, Enter or
 * Space); a link to a page of the site opens in the app without reloading it; a mention of a
 * member (the server's `<a data-mention>`) opens their profile in the reader's language.
 */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const [viewing, setViewing] = useState<{ images: ViewerImage[]; index: number } | null>(null);
  const audioControls = useContentAudio(ref, clean);

  // A mention (@slug of a member) links to the member's profile page, written without a language:
  // it opens in the reader's.
  useEffect(() => {
    for (const anchor of ref.current?.querySelectorAll<HTMLAnchorElement>('a[data-mention]') ?? []) {
      const href = anchor.getAttribute('href') ?? '';
      if (href.startsWith('/') && !href.startsWith('//')) anchor.setAttribute('href', localizePath(href, lang));
    }
  }, [clean, lang]);

  useEffect(() => {
    for (const image of ref.current?.querySelectorAll('img') ?? []) {
      image.tabIndex = 0;
      image.setAttribute('role', 'button');
      image.setAttribute('aria-label', image.alt ? t('content.openImageNamed', { name: image.alt }) : t('content.openImage'));
    }
  }, [clean, t]);

  const openImage = (image: HTMLImageElement) => {
    const all = Array.from(ref.current?.querySelectorAll('img') ?? []);
    setViewing({
      images: all.map((img) => ({ src: img.currentSrc || img.src, alt: img.alt, width: img.naturalWidth || undefined, height: img.naturalHeight || undefined })),
      index: Math.max(0, all.indexOf(image)),
    });
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLImageElement && !target.closest('a')) {
      event.preventDefault();
      openImage(target);
      return;
    }
    const anchor = target.closest('a');
    if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const path = inAppPath(anchor);
    if (!path) return;
    event.preventDefault();
    void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLImageElement) {
      event.preventDefault();
      openImage(event.target);
    }
  };

  return (
    <>
      {/* The pictures and links inside are the focusable elements; their clicks and keys bubble to here. */}
      <div ref={ref} data-testid="rich-html" className={`${PROSE} ${className}`} onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: clean }} />
      {audioControls}
      {viewing && <ImageViewer images={viewing.images} index={viewing.index} onClose={() => setViewing(null)} />}
    </>
  );
}
