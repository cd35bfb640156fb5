import { describe, expect, it } from 'vitest';
import { connectRequestOf, findPieceName } from './connect-request';

describe('a connect request', () => {
  it.each([
    ['?pieceName=slack&randomId=1', { pieceName: 'slack', connectionName: undefined }],
    [
      '?pieceName=%40activepieces%2Fpiece-slack&connectionName=user_1%40acme.com',
      { pieceName: '@activepieces/piece-slack', connectionName: 'user_1@acme.com' },
    ],
    ['?pieceName=slack&connectionName=a%2Bb.c', { pieceName: 'slack', connectionName: 'a+b.c' }],
  ])('%s is accepted', (search, expected) => {
    expect(connectRequestOf(search)).toEqual(expected);
  });

  it.each([
    ['?pieceName=slack&connectionName=a%20b', 'NAME_IS_INVALID'],
    ['?pieceName=slack&connectionName=', 'NAME_IS_INVALID'],
    ['?pieceName=slack&connectionName=a%2Fb', 'NAME_IS_INVALID'],
    ['?connectionName=ok', 'PIECE_NOT_FOUND'],
    ['', 'PIECE_NOT_FOUND'],
  ])('%s is refused with %s', (search, kind) => {
    expect(connectRequestOf(search)).toMatchObject({ kind, error: expect.any(String) });
  });

  it.each([
    ['slack', '@activepieces/piece-slack'],
    ['@activepieces/piece-slack', '@activepieces/piece-slack'],
    ['@acme/piece-crm', '@acme/piece-crm'],
    ['crm', undefined],
    ['piece-slack', undefined],
  ])('finds the piece %s as %s', (requested, expected) => {
    expect(findPieceName(['@activepieces/piece-slack', '@acme/piece-crm'], requested)).toBe(expected);
  });
});
