import type { PieceMetadataSummary } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { categoryFilters, isInCategory } from './piece-categories';
import { matchingFirst, pieceIndex, rankPieces } from './piece-ranking';

/** A listed piece with the fields the picker searches. */
function piece(
  name: string,
  displayName: string,
  description = '',
  categories?: string[],
): PieceMetadataSummary {
  return {
    name,
    displayName,
    description,
    logoUrl: '',
    authors: [],
    version: '1.0.0',
    actions: 1,
    triggers: 0,
    ...(categories === undefined ? {} : { categories }),
  };
}

const PIECES = [
  piece('@activepieces/piece-slack', 'Slack', 'Channel-based messaging platform', ['COMMUNICATION']),
  piece('@activepieces/piece-gmail', 'Gmail', 'Email service by Google', ['COMMUNICATION']),
  piece('@activepieces/piece-openai', 'OpenAI', 'Use the many tools ChatGPT has to offer', [
    'ARTIFICIAL_INTELLIGENCE',
  ]),
  piece('@activepieces/piece-http', 'HTTP', 'Sends HTTP requests and return responses', ['CORE']),
  piece('@fixtures/piece-echo', 'Echo', 'Answers what it is given'),
];

const names = (list: readonly PieceMetadataSummary[]) => list.map((item) => item.displayName);

describe('rankPieces', () => {
  const index = pieceIndex(PIECES);

  it.each([
    ['an empty text keeps the list', '', ['Slack', 'Gmail', 'OpenAI', 'HTTP', 'Echo']],
    ['a typo still finds the piece', 'slak', ['Slack']],
    ['a word of the description finds it', 'chatgpt', ['OpenAI']],
    ['the package name finds it', 'piece-gmail', ['Gmail']],
  ])('%s', (_, text, expected) => {
    expect(names(rankPieces(index, PIECES, text)).slice(0, expected.length)).toEqual(expected);
  });

  it("adds the server's hits the ranking missed, after the ranked ones", () => {
    const ranked = rankPieces(
      index,
      PIECES,
      'slack',
      new Set(['@fixtures/piece-echo', '@activepieces/piece-slack']),
    );
    expect(names(ranked)).toEqual(['Slack', 'Echo']);
  });
});

describe('category filters', () => {
  it('offers All, Core and AI first, then the categories present, by label', () => {
    expect(categoryFilters(PIECES).map((filter) => filter.label)).toEqual([
      'All',
      'Core',
      'AI',
      'Communication',
    ]);
  });

  it.each([
    ['ALL', ['Slack', 'Gmail', 'OpenAI', 'HTTP', 'Echo']],
    ['CORE', ['HTTP']],
    ['AI', ['OpenAI']],
    ['COMMUNICATION', ['Slack', 'Gmail']],
  ])('%s keeps its pieces', (id, expected) => {
    expect(names(PIECES.filter((item) => isInCategory(item, id)))).toEqual(expected);
  });
});

describe('matchingFirst', () => {
  const actions = [
    { displayName: 'Add reaction', description: 'Reacts to a message with an emoji' },
    { displayName: 'Send message', description: 'Posts a message to a channel' },
    { displayName: 'Create channel', description: 'Makes a new channel' },
  ];

  it.each([
    ['an empty text keeps the order', '', ['Add reaction', 'Send message', 'Create channel']],
    [
      'the best match comes first, the rest follow',
      'send mesage',
      ['Send message', 'Add reaction', 'Create channel'],
    ],
    ['no match keeps the order', 'zzz', ['Add reaction', 'Send message', 'Create channel']],
  ])('%s', (_, text, expected) => {
    expect(matchingFirst(actions, text).map((action) => action.displayName)).toEqual(expected);
  });
});
