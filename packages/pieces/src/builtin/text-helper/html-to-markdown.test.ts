import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

const convert = (propsValue: Record<string, unknown>) =>
  runAction(textHelperPiece, 'html_to_markdown', propsValue);

describe('html_to_markdown', () => {
  it.each([
    ['unclosed tags closed as a browser does', '<p>a <b>bold<p>next', 'a **bold**\n\n**next**'],
    ['comments and scripts dropped', '<!-- c -->x<script>alert("<p>")</script>y', 'xy'],
    ['entities in URLs decoded', '<a href="https://e.com/?a=1&amp;b=2">q</a>', '[q](https://e.com/?a=1&b=2)'],
    ['Markdown syntax in text escaped', '<p>*not* a list</p>', '\\*not\\* a list'],
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
