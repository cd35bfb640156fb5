import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';
import {
  HTML_TO_MARKDOWN_REFERENCE,
  MARKDOWN_TO_HTML_REFERENCE,
  SLUGIFY_REFERENCE,
  STRIP_HTML_REFERENCE,
} from './text-helper-reference.fixtures';

const run = (action: string, propsValue: Record<string, unknown>) =>
  runAction(textHelperPiece, action, propsValue);

describe('the text helper gives the Activepieces piece outputs', () => {
  it.each(MARKDOWN_TO_HTML_REFERENCE)(
    'markdown_to_html $markdown $props',
    async ({ markdown, props, reference, sanitized }) => {
      expect(await run('markdown_to_html', { markdown, ...props })).toEqual({
        status: 'SUCCEEDED',
        output: sanitized?.output ?? reference,
      });
    },
  );

  it.each(HTML_TO_MARKDOWN_REFERENCE)('html_to_markdown $html', async ({ html, reference }) => {
    expect(await run('html_to_markdown', { html })).toEqual({ status: 'SUCCEEDED', output: reference });
  });

  it.each(STRIP_HTML_REFERENCE)('stripHtml $html', async ({ html, reference }) => {
    expect(await run('stripHtml', { html })).toEqual({ status: 'SUCCEEDED', output: reference });
  });

  it.each(SLUGIFY_REFERENCE)('slugify $text', async ({ text, reference }) => {
    expect(await run('slugify', { text })).toEqual({ status: 'SUCCEEDED', output: reference });
  });
});
