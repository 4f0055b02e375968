declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    _hmt?: unknown[][];
  }
}

/**
 * Injects the analytics snippet from the server settings: only its <script>
 * elements are recreated (so they run), nothing else of the HTML is added to
 * the page. A failure is logged and the page goes on.
 */
export function injectAnalytics(html: string | undefined | null, doc: Document = document): number {
  if (!html) return 0;
  try {
    const template = doc.createElement('template');
    template.innerHTML = html;
    let count = 0;
    for (const source of Array.from(template.content.querySelectorAll('script'))) {
      const script = doc.createElement('script');
      for (const attr of Array.from(source.attributes)) script.setAttribute(attr.name, attr.value);
      script.text = source.text;
      script.dataset.analytics = 'settings';
      doc.head.appendChild(script);
      count++;
    }
    return count;
  } catch (error) {
    console.error('analytics snippet failed', error);
    return 0;
  }
}

/** Sends a page view to the analytics globals that are present (gtag, Baidu _hmt). */
export function trackPageView(path: string, win: Window = window): void {
  try {
    if (typeof win.gtag === 'function') win.gtag('event', 'page_view', { page_path: path });
    if (Array.isArray(win._hmt)) win._hmt.push(['_trackPageview', path]);
  } catch (error) {
    console.error('page view tracking failed', error);
  }
}
