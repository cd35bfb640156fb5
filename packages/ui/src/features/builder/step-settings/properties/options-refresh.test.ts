import type { PieceProperty } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { refreshersOf, refreshKey } from './options-refresh';

const channel = {
  type: 'DROPDOWN',
  displayName: 'Channel',
  required: true,
  refreshers: ['workspace', 7, 'team'],
} as PieceProperty;

describe('refreshKey', () => {
  const input = { auth: "{{connections['slack']}}", workspace: 'W1', team: 'T1', text: 'Hello' };

  it('changes when the connection or a refresher changes, asking for the options again', () => {
    const key = refreshKey(input, channel);
    expect(refreshKey({ ...input, auth: "{{connections['other']}}" }, channel)).not.toBe(key);
    expect(refreshKey({ ...input, workspace: 'W2' }, channel)).not.toBe(key);
    expect(refreshKey({ ...input, team: undefined }, channel)).not.toBe(key);
  });

  it('stays the same when another input changes, so typing elsewhere does not reload the options', () => {
    expect(refreshKey({ ...input, text: 'Hello there' }, channel)).toBe(refreshKey(input, channel));
    expect(refreshKey({ auth: 'a', text: 'x' }, { ...channel, refreshers: undefined } as PieceProperty)).toBe(
      refreshKey({ auth: 'a', text: 'y' }, { ...channel, refreshers: undefined } as PieceProperty),
    );
  });

  it('is empty outside a step (nothing to compute the options for)', () => {
    expect(refreshKey(undefined, channel)).toBe('');
  });
});

describe('refreshersOf', () => {
  it("lists the names among a property's refreshers, nothing when it declares none", () => {
    expect(refreshersOf(channel)).toEqual(['workspace', 'team']);
    expect(refreshersOf({ type: 'DROPDOWN', displayName: 'x', required: false })).toEqual([]);
  });
});
