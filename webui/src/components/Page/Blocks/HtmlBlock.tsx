import type { HtmlProps } from '../../../models/builder';
import { useSanitizedHtml } from '../../common/useSanitizedHtml';
import { RICH_TEXT } from './TextBlock';

/**
 * An administrator's HTML: the server sanitized it, the client sanitizes it again before showing it,
 * keeping the embeds (iframes of https pages) both allow.
 */
export function HtmlBlock({ props }: { props: HtmlProps }) {
  const html = useSanitizedHtml(typeof props.html === 'string' ? props.html : '', true);
  if (!html) return null;
  return <div data-testid="block-html" className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: html }} />;
}
