import { describe, expect, it } from 'vitest';
import { findConnectionReferences } from '@piecework/shared';
import { connectionReference, referencedConnection } from './connection-reference';

describe('connection references', () => {
  it.each(['menu', 'my-slack', 'ext_1.b'])('writes %s as the server reads it', (externalId) => {
    const auth = connectionReference(externalId);
    expect(auth).toBe(`{{connections['${externalId}']}}`);
    expect([...findConnectionReferences({ auth })]).toEqual([externalId]);
    expect(referencedConnection(auth)).toBe(externalId);
  });

  it.each(["it's", 'back\\slash'])('reads back an escaped id %s', (externalId) => {
    expect(referencedConnection(connectionReference(externalId))).toBe(externalId);
  });

  it.each([undefined, 42, 'plain text', "{{connections['a'].token}}"])(
    'reads no connection in %j',
    (auth) => {
      expect(referencedConnection(auth)).toBeUndefined();
    },
  );
});
