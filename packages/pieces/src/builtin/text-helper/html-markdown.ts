import { HIDDEN_TAGS, parseHtml } from './html-nodes';
import type { HtmlNode } from './html-nodes';

type Element = HtmlNode & { kind: 'element' };

const INLINE_MARKS: Record<string, string> = {
  strong: '**',
  b: '**',
  em: '*',
  i: '*',
  del: '~~',
  s: '~~',
  strike: '~~',
};

const block = (text: string) => `\n\n${text.trim()}\n\n`;
const indent = (text: string, width: number) => text.replace(/\n(?=.)/g, `\n${' '.repeat(width)}`);
const wrapInline = (mark: string, text: string) => {
  const inner = text.trim();
  return inner
    ? `${text.startsWith(' ') ? ' ' : ''}${mark}${inner}${mark}${text.endsWith(' ') ? ' ' : ''}`
    : text;
};

function textContent(nodes: HtmlNode[]): string {
  return nodes.map((node) => (node.kind === 'text' ? node.text : textContent(node.children))).join('');
}

function list(element: Element): string {
  const start = Number(element.attrs.start ?? 1);
  let index = Number.isInteger(start) ? start : 1;
  const items = element.children
    .filter((child): child is Element => child.kind === 'element' && child.tag === 'li')
    .map((item) => {
      const marker = element.tag === 'ol' ? `${index++}. ` : '- ';
      const content = render(item.children)
        .trim()
        .replace(/\n{2,}/g, '\n');
      return marker + indent(content, marker.length);
    });
  return block(items.join('\n'));
}

function table(element: Element): string {
  const rows: string[][] = [];
  const collect = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (node.kind !== 'element') continue;
      if (node.tag === 'tr') {
        rows.push(
          node.children
            .filter(
              (cell): cell is Element => cell.kind === 'element' && (cell.tag === 'td' || cell.tag === 'th'),
            )
            .map((cell) => render(cell.children).replace(/\s+/g, ' ').trim().replaceAll('|', '\\|')),
        );
      } else collect(node.children);
    }
  };
  collect(element.children);
  const [header, ...body] = rows;
  if (!header) return '';
  const width = Math.max(...rows.map((row) => row.length));
  const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => row[i] ?? '').join(' | ')} |`;
  return block([line(header), line(Array<string>(width).fill('---')), ...body.map(line)].join('\n'));
}

function element(node: Element): string {
  const inner = () => render(node.children);
  const heading = /^h([1-6])$/.exec(node.tag);
  if (heading) return block(`${'#'.repeat(Number(heading[1]))} ${inner().replace(/\s+/g, ' ').trim()}`);
  const mark = INLINE_MARKS[node.tag];
  if (mark) return wrapInline(mark, inner());
  switch (node.tag) {
    case 'br':
      return '  \n';
    case 'hr':
      return block('---');
    case 'code':
      return `\`${textContent(node.children)}\``;
    case 'pre': {
      const code = node.children.find(
        (child): child is Element => child.kind === 'element' && child.tag === 'code',
      );
      const language = /language-(\S+)/.exec(code?.attrs.class ?? '')?.[1] ?? '';
      return block(`\`\`\`${language}\n${textContent(node.children).replace(/\n$/, '')}\n\`\`\``);
    }
    case 'a': {
      const title = node.attrs.title ? ` "${node.attrs.title}"` : '';
      return node.attrs.href === undefined ? inner() : `[${inner().trim()}](${node.attrs.href}${title})`;
    }
    case 'img': {
      const title = node.attrs.title ? ` "${node.attrs.title}"` : '';
      return `![${node.attrs.alt ?? ''}](${node.attrs.src ?? ''}${title})`;
    }
    case 'ul':
    case 'ol':
      return list(node);
    case 'blockquote':
      return block(
        `> ${inner()
          .trim()
          .replace(/\n{3,}/g, '\n\n')
          .replaceAll('\n', '\n> ')}`,
      );
    case 'table':
      return table(node);
    case 'p':
    case 'div':
    case 'section':
    case 'article':
    case 'header':
    case 'footer':
    case 'main':
    case 'figure':
      return block(inner());
    default:
      return HIDDEN_TAGS.has(node.tag) ? '' : inner();
  }
}

function render(nodes: HtmlNode[]): string {
  return nodes
    .map((node) => (node.kind === 'text' ? node.text.replace(/\s+/g, ' ') : element(node)))
    .join('');
}

/**
 * Converts HTML to Markdown: headings (`#`), paragraphs, line breaks, bold, italics, strikethrough
 * (`~~`), inline and fenced code (with the `language-*` class), links, images, nested lists,
 * quotes, rules and tables (GitHub style). Other elements keep only their content; `script` and
 * `style` are dropped.
 */
export function htmlToMarkdown(html: string): string {
  return render(parseHtml(html))
    .replace(/^[ \t]+$/gm, '')
    .replace(/ {2}\n[ \t]+/g, '  \n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
