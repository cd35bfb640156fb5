import { describe, expect, it } from 'vitest';
import { readCodeDependencies } from './code-dependencies';

describe('readCodeDependencies', () => {
  it.each<[string, string, Record<string, string>]>([
    ['no package.json worth the name', 'not json', {}],
    ['an empty object', '{}', {}],
    ['the padded empty dependencies of old exports', '\n  {\n    "dependencies": {\n    }\n  }', {}],
    ['dependencies that are not an object', '{"dependencies": ["lodash"]}', {}],
    [
      'ranges, tags and scoped names, sorted by name, trimmed, empty as latest',
      '{"dependencies": {"uuid": " ^9.0.0 ", "@scope/pkg": "1.x || 2", "dayjs": "", "lodash": "latest"}}',
      { '@scope/pkg': '1.x || 2', dayjs: 'latest', lodash: 'latest', uuid: '^9.0.0' },
    ],
  ])('reads %s', (_, packageJson, dependencies) => {
    expect(readCodeDependencies(packageJson)).toEqual({ ok: true, dependencies });
  });

  it.each([
    ['a local folder', { x: 'file:../../etc' }],
    ['a git repository', { x: 'git+https://example.com/x.git' }],
    ['a tarball URL', { x: 'https://example.com/x.tgz' }],
    ['a GitHub shorthand', { x: 'owner/repo' }],
    ['an npm alias', { x: 'npm:lodash@4' }],
    ['a version that is not text', { x: 4 }],
  ])('refuses %s, naming the dependency', (_, dependencies) => {
    expect(readCodeDependencies(JSON.stringify({ dependencies }))).toEqual({
      ok: false,
      message:
        "The version of x in the code step's package.json must be a version range or tag of the npm registry (no files, URLs or repositories)",
    });
  });

  it.each(['../x', 'UPPER', '@scope', 'a b'])('refuses the name %j', (name) => {
    const read = readCodeDependencies(JSON.stringify({ dependencies: { [name]: '1.0.0' } }));
    expect(read).toEqual({
      ok: false,
      message: `"${name}" in the code step's package.json is not an npm package name`,
    });
  });
});
