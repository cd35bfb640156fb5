import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

describe('text helper', () => {
  it.each([
    ['concat', { texts: ['a', 1, null, { b: 2 }], seperator: '-' }, 'a-1--{"b":2}'],
    ['concat', { texts: ['a', 'b'] }, 'ab'],
    ['concat', { texts: ['a', 'b'], separator: ', ' }, 'a, b'],
    ['replace', { text: 'a.b.c', searchValue: '\\.', replaceValue: '/' }, 'a/b/c'],
    ['replace', { text: 'a.b.c', searchValue: '\\.', replaceOnlyFirst: true }, 'ab.c'],
    ['replace', { text: 'cat hat', searchValue: '(\\w)at', replaceValue: '$1og' }, 'cog hog'],
    ['split', { text: 'a, b, c', delimiter: ', ' }, ['a', 'b', 'c']],
    ['find', { text: 'order #123 of 4', expression: '#(\\d+)' }, ['#123', '123']],
    ['find', { text: 'nothing', expression: '\\d' }, null],
  ])('%s %j', async (action, propsValue, output) => {
    expect(await runAction(textHelperPiece, action, propsValue)).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    ['replace', { text: 'a', searchValue: '(' }, 'Input "searchValue" is not a valid regular expression'],
    ['find', { text: 'a', expression: '[' }, 'Input "expression" is not a valid regular expression'],
    ['concat', { texts: 'a,b' }, 'Input "texts" must be a list'],
    ['split', { text: 'a' }, 'Input "delimiter" is required'],
  ])('%s fails on %j', async (action, propsValue, message) => {
    expect(await runAction(textHelperPiece, action, propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});

describe('markdown_to_html', () => {
  const convert = async (markdown: string, options: Record<string, unknown> = {}) => {
    const outcome = await runAction(textHelperPiece, 'markdown_to_html', { markdown, ...options });
    if (outcome.status !== 'SUCCEEDED')
      throw new Error(outcome.status === 'FAILED' ? outcome.message : outcome.status);
    return outcome.output;
  };

  it.each([
    ['headings with GitHub ids', '# Hello World!', {}, '<h1 id="hello-world">Hello World!</h1>'],
    ['vanilla ids', '## Hello World', { flavor: 'vanilla' }, '<h2 id="helloworld">Hello World</h2>'],
    [
      'a minimum header level and no ids',
      '# Title',
      { headerLevelStart: 3, noHeaderId: true },
      '<h3>Title</h3>',
    ],
    [
      'emphasis and code',
      'a **b** _c_ `<d>` ~~e~~',
      {},
      '<p>a <strong>b</strong> <em>c</em> <code>&lt;d&gt;</code> <del>e</del></p>',
    ],
    ['snake_case words as they are', 'a_b_c and __d__', {}, '<p>a_b_c and <strong>d</strong></p>'],
    ['links', '[x](https://e.com "T")', {}, '<p><a href="https://e.com" title="T">x</a></p>'],
    [
      'links in a new window',
      '[x](https://e.com)',
      { openLinksInNewWindow: true },
      '<p><a href="https://e.com" rel="noopener noreferrer" target="_blank">x</a></p>',
    ],
    ['lists', '- a\n- b\n\n1. c', {}, '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>c</li>\n</ol>'],
    [
      'fenced code',
      '```js\nif (a < b) {}\n```',
      {},
      '<pre><code class="js language-js">if (a &lt; b) {}\n</code></pre>',
    ],
    ['quotes and rules', '> q\n\n---', {}, '<blockquote>\n<p>q</p>\n</blockquote>\n<hr />'],
    ['line breaks only when asked', 'a\nb', {}, '<p>a\nb</p>'],
    ['simple line breaks', 'a\nb', { simpleLineBreaks: true }, '<p>a<br />\nb</p>'],
    [
      'tables',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      {},
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
    ],
  ])('converts %s', async (_, markdown, options, html) => {
    expect(await convert(markdown, options)).toBe(html);
  });
});
