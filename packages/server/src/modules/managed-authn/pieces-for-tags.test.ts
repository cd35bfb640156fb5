import { describe, expect, it } from 'vitest';
import { piecesForTags } from './pieces-for-tags';

const CATALOGUE = [
  { name: '@activepieces/piece-slack', categories: ['COMMUNICATION'] },
  { name: '@activepieces/piece-gmail', categories: ['COMMUNICATION', 'PRODUCTIVITY'] },
  { name: '@activepieces/piece-http', categories: ['CORE'] },
  { name: '@acme/piece-ledger' },
];

describe('piecesForTags', () => {
  it.each([
    ['a short name, any case', ['Slack'], ['@activepieces/piece-slack']],
    ['a full name', ['@acme/piece-ledger'], ['@acme/piece-ledger']],
    [
      'a category, each piece once',
      ['communication', 'gmail'],
      ['@activepieces/piece-slack', '@activepieces/piece-gmail'],
    ],
    ['nothing for an unknown tag', ['ledger', 'nope'], []],
    ['nothing for no tags', [], []],
  ])('matches %s', (_, tags, expected) => {
    expect(piecesForTags(CATALOGUE, tags)).toEqual(expected);
  });
});
