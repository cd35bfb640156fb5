import { describe, expect, it } from 'vitest';
import { versionFromArchiveName } from './archive-file';

describe('versionFromArchiveName', () => {
  it.each([
    ['piece-echo-1.2.0.tgz', '1.2.0'],
    ['fixtures-piece-menu-10.0.3-beta.1.tgz', '10.0.3-beta.1'],
    ['piece-echo.tgz', undefined],
    ['piece-echo-1.2.0.zip', undefined],
  ])('%s -> %s', (name, expected) => {
    expect(versionFromArchiveName(name)).toBe(expected);
  });
});
