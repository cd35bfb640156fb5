import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

const convert = (propsValue: Record<string, unknown>) =>
  runAction(textHelperPiece, 'html_to_markdown', propsValue);

describe('html_to_markdown', () => {
  it.each([
    ['headings', '<h1>Title</h1><h3>Sub  title</h3>', '# Title\n\n### Sub title'],
    ['paragraphs', '<p>one</p>\n  <p>two\n lines</p>', 'one\n\ntwo lines'],
    [
      'emphasis',
      '<p>a <strong>b</strong> <em>c</em> <del>d</del> <code>&lt;e&gt;</code></p>',
      'a **b** *c* ~~d~~ `<e>`',
    ],
    [
      'links and images',
      '<a href="https://e.com" title="T">x</a> <img src="i.png" alt="pic">',
      '[x](https://e.com "T") ![pic](i.png)',
    ],
    ['line breaks', '<p>a<br>\n b</p>', 'a  \nb'],
    ['unordered lists', '<ul><li>a</li><li>b</li></ul>', '- a\n- b'],
    ['ordered lists with a start', '<ol start="3"><li>a</li><li>b</li></ol>', '3. a\n4. b'],
    ['nested lists', '<ul><li>a<ul><li>b</li></ul></li></ul>', '- a\n  - b'],
    ['quotes and rules', '<blockquote><p>q</p><p>r</p></blockquote><hr>', '> q\n> \n> r\n\n---'],
    [
      'fenced code',
      '<pre><code class="language-js">if (a &lt; b) {\n}\n</code></pre>',
      '```js\nif (a < b) {\n}\n```',
    ],
    [
      'tables',
      '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>x|y</td></tr></table>',
      '| a | b |\n| --- | --- |\n| 1 | x\\|y |',
    ],
    ['unknown elements by their content', '<span>a</span><custom>b</custom><script>c</script>', 'ab'],
    ['plain text', 'just text', 'just text'],
    ['the empty text', '', ''],
  ])('converts %s', async (_, html, output) => {
    expect(await convert({ html })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [{}, 'Input "html" is required'],
    [{ html: '<p>a</p>', flavor: 'markdown-it' }, 'Input "flavor" must be one of vanilla, original, github'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await convert(propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
