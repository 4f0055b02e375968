/** The most characters of text a comment may have (the server's limit). */
export const COMMENT_MAX_LENGTH = 5000;

/** The id of a target's comment box, so that a comment gate can bring the reader to it. */
export function commentInputId(targetType: string, targetId: string): string {
  return `comment-input-${targetType}-${targetId}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The HTML of a comment typed as plain text: the text escaped, blank lines separating paragraphs
 * and single line breaks kept (`a\nb\n\nc` → `<p>a<br>b</p><p>c</p>`).
 */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
