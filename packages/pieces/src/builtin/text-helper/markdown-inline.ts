/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Options of the inline conversion. */
export interface InlineOptions {
  openLinksInNewWindow: boolean;
  strikethrough: boolean;
}

/**
 * Converts Markdown inline syntax to HTML: code spans, images, links, autolinks, bold, italics
 * and (GitHub flavor) strikethrough. Inline HTML passes through, as in Markdown.
 */
export function inlineToHtml(text: string, options: InlineOptions): string {
  const codeSpans: string[] = [];
  const hold = (html: string) => `\uE000${codeSpans.push(html) - 1}\uE000`;
  const target = options.openLinksInNewWindow ? ' rel="noopener noreferrer" target="_blank"' : '';
  let html = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) =>
    hold(`<code>${escapeHtml(code.trim())}</code>`),
  );
  html = html
    .replace(
      /!\[([^\]]*)\]\(\s*(\S+?)(?:\s+"([^"]*)")?\s*\)/g,
      (_, alt: string, src: string, title?: string) =>
        hold(
          `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(title)}"` : ''} />`,
        ),
    )
    .replace(
      /\[([^\]]+)\]\(\s*(\S+?)(?:\s+"([^"]*)")?\s*\)/g,
      (_, label: string, href: string, title?: string) =>
        hold(`<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}${target}>`) +
        label +
        hold('</a>'),
    )
    .replace(/<((?:https?|ftp|mailto):[^\s>]+)>/g, (_, href: string) =>
      hold(`<a href="${escapeHtml(href)}"${target}>${escapeHtml(href)}</a>`),
    )
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|\W)__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1<strong>$2</strong>')
    .replace(/\*(?=\S)([\s\S]*?\S)\*/g, '<em>$1</em>')
    .replace(/(^|\W)_(?=\S)([\s\S]*?\S)_(?!\w)/g, '$1<em>$2</em>');
  if (options.strikethrough) html = html.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>');
  return html.replace(/\uE000(\d+)\uE000/g, (_, index: string) => codeSpans[Number(index)] ?? '');
}
