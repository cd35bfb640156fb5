import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, resolveVersion } from './piece-versions';

describe('compareVersions', () => {
  it.each([
    [
      'numeric pre-release identifiers as numbers',
      ['1.0.0-alpha.10', '1.0.0-alpha.2', '1.0.0-alpha.1'],
      ['1.0.0-alpha.1', '1.0.0-alpha.2', '1.0.0-alpha.10'],
    ],
    ['pre-releases before their release', ['1.0.0', '1.0.0-rc.1', '0.9.9'], ['0.9.9', '1.0.0-rc.1', '1.0.0']],
    [
      'numeric parts as numbers',
      ['0.10.0', '0.9.0', '0.2.10', '0.2.9'],
      ['0.2.9', '0.2.10', '0.9.0', '0.10.0'],
    ],
    [
      'alphanumeric identifiers after numeric ones',
      ['1.0.0-beta', '1.0.0-alpha.beta', '1.0.0-alpha', '1.0.0-beta.11', '1.0.0-beta.2', '1.0.0-alpha.1'],
      ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11'],
    ],
  ])('sorts %s', (_, versions, sorted) => {
    expect([...versions].sort(compareVersions)).toEqual(sorted);
  });

  it('ignores build metadata and never answers NaN', () => {
    expect(compareVersions('1.0.0+b1', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0+b1', '1.0.1')).toBeLessThan(0);
  });

  it('sorts versions it cannot read first, by their text, without throwing', () => {
    expect(['1.0.0', 'latest', 'abc', '0.1.0'].sort(compareVersions)).toEqual([
      'abc',
      'latest',
      '0.1.0',
      '1.0.0',
    ]);
  });

  it('is a total order on any strings (antisymmetric, a number every time)', () => {
    const version = fc.oneof(
      fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map((parts) => parts.join('.')),
      fc
        .tuple(fc.nat(3), fc.nat(3), fc.constantFrom('alpha', 'beta', 'rc'), fc.nat(12))
        .map(([major, minor, tag, n]) => `${String(major)}.${String(minor)}.0-${tag}.${String(n)}`),
      fc.string(),
    );
    fc.assert(
      fc.property(version, version, (a, b) => {
        const ab = compareVersions(a, b);
        expect(Number.isNaN(ab)).toBe(false);
        expect(Math.sign(ab)).toBe(-Math.sign(compareVersions(b, a)) || 0);
      }),
    );
  });
});

describe('resolveVersion', () => {
  const installed = ['0.3.1', '0.3.9', '0.4.0', '1.0.0-alpha.2', '1.0.0-alpha.10', '1.2.0'];
  it.each([
    ['an exact version', '0.3.1', '0.3.1'],
    ['a tilde range to its newest patch', '~0.3.1', '0.3.9'],
    ['a caret range to its newest minor', '^1.0.0', '1.2.0'],
    ['an x-range', '0.x', '0.4.0'],
    ['an exact pre-release', '1.0.0-alpha.10', '1.0.0-alpha.10'],
    ['a range nothing installed satisfies', '^2.0.0', undefined],
    ['a version not installed', '0.3.2', undefined],
    ['text that is no version or range', 'not a version!', undefined],
  ])('resolves %s', (_, wanted, expected) => {
    expect(resolveVersion(installed, wanted)).toBe(expected);
  });
});
