/** A parsed HTML node: an element with its children, or text (entities already decoded). */
export type HtmlNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: string; attrs: Record<string, string>; children: HtmlNode[] };

const VOID_TAGS = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is never text for a reader. */
export const HIDDEN_TAGS = new Set(['script', 'style', 'head', 'template', 'noscript']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

/** Decodes named (common ones), decimal and hex character references; unknown ones stay. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

function readAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[(match[1] ?? '').toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?]]>|<![^>]*>|<\/\s*([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;

/**
 * Parses HTML leniently into a tree: comments and doctypes are dropped, unclosed elements close
 * at their parent's end, stray end tags are ignored and the content of `script`/`style` is raw.
 */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlNode & { kind: 'element' } = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  const top = () => stack[stack.length - 1] ?? root;
  const addText = (text: string) => {
    if (text) top().children.push({ kind: 'text', text: decodeEntities(text) });
  };
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    addText(html.slice(last, match.index));
    last = TOKEN.lastIndex;
    const [whole, endTag, startTag, attrSource = ''] = match;
    if (endTag) {
      const index = stack.map((node) => node.tag).lastIndexOf(endTag.toLowerCase());
      if (index > 0) stack.length = index;
    } else if (startTag) {
      const tag = startTag.toLowerCase();
      const element: HtmlNode & { kind: 'element' } = {
        kind: 'element',
        tag,
        attrs: readAttrs(attrSource.replace(/\/$/, '')),
        children: [],
      };
      top().children.push(element);
      if (HIDDEN_TAGS.has(tag)) {
        const end = html.toLowerCase().indexOf(`</${tag}`, last);
        const close = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
        last = close;
        TOKEN.lastIndex = close;
      } else if (!VOID_TAGS.has(tag) && !whole.endsWith('/>')) {
        stack.push(element);
      }
    }
  }
  addText(html.slice(last));
  return root.children;
}
