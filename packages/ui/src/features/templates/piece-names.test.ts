import { describe, expect, it } from 'vitest';
import { readablePieceName } from './piece-names';

describe('readablePieceName', () => {
  it.each([
    ['@activepieces/piece-google-sheets', 'Google Sheets'],
    ['@activepieces/piece-slack', 'Slack'],
    ['piece-http', 'Http'],
    ['custom', 'Custom'],
  ])('%s reads as %s', (name, expected) => {
    expect(readablePieceName(name)).toBe(expected);
  });
});
