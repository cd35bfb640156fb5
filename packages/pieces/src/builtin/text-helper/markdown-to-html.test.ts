import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

const convert = (propsValue: Record<string, unknown>) =>
  runAction(textHelperPiece, 'markdown_to_html', propsValue);

describe('markdown_to_html', () => {
  it.each([
    ['nested lists', '- a\n  - b\n- c', '<ul>\n<li>a<ul>\n<li>b</li></ul></li>\n<li>c</li>\n</ul>'],
    ['loose lists as one list', '- a\n\n- b', '<ul>\n<li><p>a</p></li>\n<li><p>b</p></li>\n</ul>'],
    ['setext headings', 'Title\n=====\n\nSub\n---', '<h1 id="title">Title</h1>\n<h2 id="sub">Sub</h2>'],
    ['reference links', '[x][1]\n\n[1]: https://e.com', '<p><a href="https://e.com">x</a></p>'],
    [
      'links whose URL has parentheses',
      '[x](https://e.com/a_(b))',
      '<p><a href="https://e.com/a_(b)">x</a></p>',
    ],
  ])('converts %s', async (_, markdown, output) => {
    expect(await convert({ markdown })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    ['a javascript: link', '[x](javascript:alert(1))', '<p><a>x</a></p>'],
    ['a javascript: link in raw HTML', '<a href="JavaScript:alert(1)">x</a>', '<p><a>x</a></p>'],
    ['a raw script', '<script>alert(1)</script>\n\nhi', '\n<p>hi</p>'],
    [
      'event handlers',
      '<img src="https://e.com/i.png" onerror="alert(1)">',
      '<p><img src="https://e.com/i.png" /></p>',
    ],
    ['data: images', '![d](data:image/png;base64,AAA)', '<p><img alt="d" /></p>'],
    [
      'iframes, styles and forms',
      '<iframe src="https://e.com"></iframe><style>p{}</style><form>f</form>',
      '\n\nf',
    ],
  ])('removes %s', async (_, markdown, output) => {
    expect(await convert({ markdown })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [
      'an obfuscated email autolink, decoded',
      '<a@b.c>',
      { flavor: 'vanilla' },
      '<p><a href="mailto:a@b.c">a@b.c</a></p>',
    ],
    [
      'links in a new window',
      '[x](https://e.com)',
      { openLinksInNewWindow: true },
      '<p><a href="https://e.com" rel="noopener noreferrer" target="_blank">x</a></p>',
    ],
    [
      'line breaks in the github flavor whatever simpleLineBreaks says',
      'a\nb',
      { simpleLineBreaks: false },
      '<p>a<br />\nb</p>',
    ],
    [
      'tables only in the github flavor',
      '| a |\n|---|\n| 1 |',
      { flavor: 'original', tables: false },
      '<p>| a |\n|---|\n| 1 |</p>',
    ],
  ])('keeps %s', async (_, markdown, options, output) => {
    expect(await convert({ markdown, ...options })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [{}, 'Input "markdown" is required'],
    [{ markdown: 'a', flavor: 'commonmark' }, 'Input "flavor" must be one of vanilla, original, github'],
    [{ markdown: 'a', headerLevelStart: 0 }, 'Input "headerLevelStart" must be a whole number from 1 to 6'],
    [{ markdown: 'a', headerLevelStart: 2.5 }, 'Input "headerLevelStart" must be a whole number from 1 to 6'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await convert(propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
