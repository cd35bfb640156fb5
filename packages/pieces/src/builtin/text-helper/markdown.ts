import { escapeHtml, inlineToHtml } from './markdown-inline';

/** Options of {@link markdownToHtml}, named as the `markdown_to_html` inputs. */
export interface MarkdownOptions {
  flavor: 'vanilla' | 'original' | 'github';
  headerLevelStart: number;
  tables: boolean;
  noHeaderId: boolean;
  simpleLineBreaks: boolean;
  openLinksInNewWindow: boolean;
}

const FENCE = /^\s*(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^\s*([*+-]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

function headerId(text: string, flavor: MarkdownOptions['flavor']): string {
  const plain = text.replace(/<[^>]*>/g, '').toLowerCase();
  return flavor === 'github'
    ? plain
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/\s+/g, '-')
    : plain.replace(/[^\w]/g, '');
}

const startsBlock = (line: string, next: string | undefined, options: MarkdownOptions) =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  LIST_ITEM.test(line) ||
  /^\s*>/.test(line) ||
  (options.tables && line.includes('|') && next !== undefined && TABLE_RULE.test(next));

/**
 * A small Markdown to HTML converter for `markdown_to_html`: ATX headings (with ids), paragraphs,
 * fenced code, block quotes, flat lists, horizontal rules, pipe tables and the inline syntax of
 * {@link inlineToHtml}. Not a full CommonMark implementation: nested lists, setext headings and
 * reference links are not supported.
 */
export function markdownToHtml(markdown: string, options: MarkdownOptions): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const inline = (text: string) =>
    inlineToHtml(text, {
      openLinksInNewWindow: options.openLinksInNewWindow,
      strikethrough: options.flavor === 'github',
    });
  const blocks: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    const heading = HEADING.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1] ?? '```'); i++)
        code.push(lines[i] ?? '');
      i++;
      const lang = fence[2] ? ` class="${fence[2]} language-${fence[2]}"` : '';
      blocks.push(`<pre><code${lang}>${escapeHtml(code.join('\n'))}\n</code></pre>`);
    } else if (heading) {
      const level = Math.min(6, (heading[1] ?? '#').length + Math.max(1, options.headerLevelStart) - 1);
      const content = inline(heading[2] ?? '');
      const id = options.noHeaderId ? '' : ` id="${headerId(content, options.flavor)}"`;
      blocks.push(`<h${level}${id}>${content}</h${level}>`);
      i++;
    } else if (RULE.test(line)) {
      blocks.push('<hr />');
      i++;
    } else if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      for (; i < lines.length && /^\s*>/.test(lines[i] ?? ''); i++)
        quoted.push((lines[i] ?? '').replace(/^\s*> ?/, ''));
      blocks.push(`<blockquote>\n${markdownToHtml(quoted.join('\n'), options)}\n</blockquote>`);
    } else if (LIST_ITEM.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      for (
        let item = LIST_ITEM.exec(line);
        item && /^\s*\d/.test(item[0]) === ordered;
        item = LIST_ITEM.exec(lines[i] ?? '')
      ) {
        items.push(`<li>${inline(item[2] ?? '')}</li>`);
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      blocks.push(`<${tag}>\n${items.join('\n')}\n</${tag}>`);
    } else if (options.tables && line.includes('|') && TABLE_RULE.test(lines[i + 1] ?? '')) {
      const head = cells(line).map((cell) => `<th>${inline(cell)}</th>`);
      const rows: string[] = [];
      for (i += 2; i < lines.length && (lines[i] ?? '').includes('|'); i++) {
        rows.push(
          `<tr>\n${cells(lines[i] ?? '')
            .map((cell) => `<td>${inline(cell)}</td>`)
            .join('\n')}\n</tr>`,
        );
      }
      blocks.push(
        `<table>\n<thead>\n<tr>\n${head.join('\n')}\n</tr>\n</thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`,
      );
    } else {
      const paragraph: string[] = [];
      for (; i < lines.length && (lines[i] ?? '').trim() !== ''; i++) {
        if (paragraph.length > 0 && startsBlock(lines[i] ?? '', lines[i + 1], options)) break;
        paragraph.push(lines[i] ?? '');
      }
      const text = paragraph
        .map((part, index) => {
          const last = index === paragraph.length - 1;
          const hardBreak = !last && (options.simpleLineBreaks || / {2,}$/.test(part));
          return inline(part.trim()) + (hardBreak ? '<br />' : '');
        })
        .join('\n');
      blocks.push(`<p>${text}</p>`);
    }
  }
  return blocks.join('\n');
}
