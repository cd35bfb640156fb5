import { describe, expect, it } from 'vitest';
import { fullPieceName, shortPieceName } from './piece-short-name';

describe('piece short names', () => {
  it.each([
    ['slack', '@activepieces/piece-slack'],
    ['@activepieces/piece-slack', '@activepieces/piece-slack'],
    ['@fixtures/piece-menu', '@fixtures/piece-menu'],
  ])('%s is %s in full', (name, full) => {
    expect(fullPieceName(name)).toBe(full);
  });

  it.each([
    ['@activepieces/piece-slack', 'slack'],
    ['@fixtures/piece-menu', '@fixtures/piece-menu'],
    ['slack', 'slack'],
  ])('%s is %s in short', (name, short) => {
    expect(shortPieceName(name)).toBe(short);
  });
});
