import { describe, expect, it } from 'vitest';
import { pieceShortName, suggestDisplayName, suggestExternalId } from './connection-defaults';

describe('connection defaults', () => {
  it.each([
    ['@activepieces/piece-slack', 'slack'],
    ['@fixtures/piece-menu', 'menu'],
    ['piece-x', 'x'],
    ['custom', 'custom'],
  ])('names %s by its short name %s', (pieceName, short) => {
    expect(pieceShortName(pieceName)).toBe(short);
  });

  it('numbers an external id the project already uses', () => {
    expect(suggestExternalId('@fixtures/piece-menu', new Set())).toBe('menu');
    expect(suggestExternalId('@fixtures/piece-menu', new Set(['menu', 'menu-2']))).toBe('menu-3');
  });

  it('numbers a display name already used', () => {
    expect(suggestDisplayName('Menu', new Set(['Menu']))).toBe('Menu 2');
  });
});
