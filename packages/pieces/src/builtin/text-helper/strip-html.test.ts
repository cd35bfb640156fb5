import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

const strip = (propsValue: Record<string, unknown>) => runAction(textHelperPiece, 'stripHtml', propsValue);

describe('stripHtml', () => {
  it.each([
    ['inline tags', '<p>Hello <b>world</b>!</p>', 'Hello world!'],
    ['words split by inline tags stay joined', 'abc<span>def</span>', 'abcdef'],
    ['block elements end lines', '<p>one</p><p>two</p><ul><li>a</li><li>b</li></ul>', 'one\ntwo\na\nb'],
    ['line breaks', 'a<br>b<br/>c', 'a\nb\nc'],
    ['entities', '<p>Tom &amp; Jerry &lt;3 &#169; &#x263A; &unknown;</p>', 'Tom & Jerry <3 © ☺ &unknown;'],
    ['scripts, styles and comments', '<style>p{}</style><script>if (a < b) x()</script>t<!-- c -->', 't'],
    ['attributes with >', '<a title="a > b" href="/x">link</a>', 'link'],
    ['plain text', '  just   text  ', 'just text'],
    ['the empty text', '', ''],
    ['a stray < is text', '1 < 2 and <3', '1 < 2 and <3'],
  ])('removes %s', async (_, html, output) => {
    expect(await strip({ html })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [{}, 'Input "html" is required'],
    [{ html: { a: 1 } }, 'Input "html" must be text'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await strip(propsValue)).toEqual({ status: 'FAILED', message: expect.stringContaining(message) });
  });
});
