import type { TextProps } from '../../../models/builder';
import { useSanitizedHtml } from '../../common/useSanitizedHtml';
import { useBlockText } from './context';

/** Typography of rich text a block carries. */
export const RICH_TEXT =
  'leading-relaxed break-words [&_a]:text-brand-600 [&_a]:underline [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-3 [&_p]:text-zinc-700 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6 [&_img]:max-w-full [&_img]:rounded-xl dark:[&_a]:text-brand-400 dark:[&_p]:text-zinc-300';

/** Rich text in the blocks' language, sanitized again here (it shows once the sanitizer has loaded). */
export function TextBlock({ props }: { props: TextProps }) {
  const text = useBlockText();
  const html = useSanitizedHtml(text(props.html));
  if (!html) return null;
  return <div data-testid="block-text" className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: html }} />;
}
