/*
 * The HTML that `markdown_to_html` keeps; the `sanitize-html` library does the parsing and
 * filtering. Allowed: sanitize-html's default tags (text, headings, lists, quotes, tables, ...)
 * plus what showdown emits beyond them (`img`, `del`, task lists' checkboxes), with the attributes
 * showdown writes: heading and table header ids, code classes, link titles and targets, table
 * alignment and task-list styles. Links keep an `href` only on http, https and mailto (or
 * relative) URLs, images a `src` only on http and https (or relative) ones; scripts, styles,
 * event handlers and every other tag or attribute are removed. sanitize-html writes the HTML
 * back out, so kept styles lose spaces and a final `;`, and void tags end in ` />`.
 */
import type { IOptions } from 'sanitize-html';

const TEXT_ALIGN = { 'text-align': [/^(?:left|right|center)$/] };

function allowList(defaultTags: readonly string[]): IOptions {
  const headings = Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, ['id']]));
  return {
    allowedTags: [...defaultTags, 'img', 'del', 'input'],
    allowedAttributes: {
      ...headings,
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      code: ['class'],
      pre: ['class'],
      ol: ['start'],
      li: ['class', 'style'],
      th: ['id', 'style'],
      td: ['style'],
      input: [{ name: 'type', values: ['checkbox'] }, 'checked', 'disabled', 'style'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedStyles: {
      th: TEXT_ALIGN,
      td: TEXT_ALIGN,
      li: { 'list-style-type': [/^none$/] },
      input: { margin: [/^[\d.\sempx-]+$/], 'vertical-align': [/^middle$/] },
    },
    // Only task lists' checkboxes: an input whose type was not "checkbox" lost it above.
    exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  };
}

let options: IOptions | undefined;

/**
 * Sanitizes HTML that showdown made from user Markdown (see the allow list above). Use it on
 * every `markdown_to_html` output: Markdown passes raw HTML and any link URL through.
 * sanitize-html is loaded on first use.
 */
export async function sanitizeMarkdownHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await import('sanitize-html');
  options ??= allowList(sanitizeHtml.defaults.allowedTags);
  return sanitizeHtml(html, options);
}
