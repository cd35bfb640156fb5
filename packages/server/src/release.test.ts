import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PIECEWORK_RELEASE } from './release';

describe('PIECEWORK_RELEASE', () => {
  it("is the server package's version: the release workers and the app compare", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(PIECEWORK_RELEASE).toBe(pkg.version);
  });
});
