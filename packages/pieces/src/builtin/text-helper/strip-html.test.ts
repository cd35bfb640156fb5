import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { textHelperPiece } from './index';

const strip = (propsValue: Record<string, unknown>) => runAction(textHelperPiece, 'stripHtml', propsValue);

describe('stripHtml', () => {
  it.each([
    ['named entities', 'caf&eacute; &euro;', 'café €'],
    ['named, decimal and hex entities', '&Auml;rger &mdash; &hellip; &#8364; &#x263A;', 'Ärger — … € ☺'],
    ['tags across entities and blocks', '<p>caf&eacute;</p><p>&euro;5</p>', 'café €5'],
    ['unknown entities kept', 'x &notanentity; y', 'x &notanentity; y'],
  ])('decodes %s', async (_, html, output) => {
    expect(await strip({ html })).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [{}, 'Input "html" is required'],
    [{ html: { a: 1 } }, 'Input "html" must be text'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await strip(propsValue)).toEqual({ status: 'FAILED', message: expect.stringContaining(message) });
  });
});
