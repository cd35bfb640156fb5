import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { HIDDEN_TAGS, parseHtml } from './html-nodes';
import type { HtmlNode } from './html-nodes';

const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
  'ul',
  'ol',
  'table',
  'section',
  'article',
  'header',
  'footer',
]);

function textOf(nodes: HtmlNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (HIDDEN_TAGS.has(node.tag)) return '';
      const inner = textOf(node.children);
      if (INLINE_TAGS.has(node.tag)) return inner;
      return BLOCK_TAGS.has(node.tag) ? `\n${inner}\n` : ` ${inner} `;
    })
    .join('');
}

/**
 * Removes every HTML tag, comment and `script`/`style` content from `html` and decodes entities.
 * Inline tags (`b`, `a`, `span`, ...) vanish, block elements (`p`, `br`, `li`, ...) end lines and
 * other tags become spaces so words do not merge; runs of spaces collapse, empty lines are
 * dropped and the result is trimmed.
 */
export function stripHtml(html: string): string {
  return textOf(parseHtml(html))
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** `stripHtml`: the text of `html` without its tags (see {@link stripHtml}). */
export const stripHtmlContent = createAction({
  name: 'stripHtml',
  displayName: 'Remove HTML Tags',
  description: 'Removes every HTML tag and returns plain text',
  props: {
    html: Property.LongText({ displayName: 'HTML content', required: true }),
  },
  async run(ctx) {
    return stripHtml(requiredText(ctx.propsValue, 'html'));
  },
});
