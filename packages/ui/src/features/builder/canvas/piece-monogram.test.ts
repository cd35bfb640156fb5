import { describe, expect, it } from 'vitest';
import { pieceMonogram } from './piece-monogram';

describe('pieceMonogram', () => {
  it('takes the first letters of the first two words of the short name', () => {
    expect(pieceMonogram('@activepieces/piece-google-sheets').letters).toBe('GS');
    expect(pieceMonogram('@activepieces/piece-slack').letters).toBe('S');
    expect(pieceMonogram('@acme/piece-open-ai-chat').letters).toBe('OA');
    expect(pieceMonogram('my-local-piece').letters).toBe('ML');
  });

  it('gives a name without letters a question mark', () => {
    expect(pieceMonogram('@scope/piece-').letters).toBe('?');
  });

  it('keeps the hue of a name and tells names apart', () => {
    const names = ['slack', 'gmail', 'google-sheets', 'http', 'openai', 'notion', 'airtable', 'stripe'];
    const hues = names.map((name) => pieceMonogram(`@activepieces/piece-${name}`).hue);
    expect(hues).toEqual(names.map((name) => pieceMonogram(`@activepieces/piece-${name}`).hue));
    expect(hues.every((hue) => hue >= 0 && hue < 360)).toBe(true);
    expect(new Set(hues).size).toBeGreaterThan(names.length / 2);
  });
});
