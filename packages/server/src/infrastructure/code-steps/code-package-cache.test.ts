/**
 * Code steps with npm packages, for real: npm installs from a local registry on loopback
 * (packed copies of lodash and dayjs, and fixture packages; the public registry is never asked),
 * esbuild bundles, and the engine runs the bundle in QuickJS.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FlowEngine, createMemoryHost, type CodeBundleOutcome } from '@piecework/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalNpmRegistry, type LocalNpmRegistry } from '../../testing/local-npm-registry';
import { CodePackageCache } from './code-package-cache';

const require = createRequire(import.meta.url);
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const packageFolder = (name: string) => dirname(require.resolve(`${name}/package.json`));

let registry: LocalNpmRegistry;
let workDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  registry = await startLocalNpmRegistry([
    { name: 'lodash', version: '4.17.21', folder: packageFolder('lodash') },
    { name: 'dayjs', version: '1.11.9', folder: packageFolder('dayjs') },
    { name: 'uuid', version: '9.0.1', folder: join(FIXTURES, 'uuid') },
    { name: 'reads-files', version: '1.0.0', folder: join(FIXTURES, 'reads-files') },
    { name: 'optional-crypto', version: '1.0.0', folder: join(FIXTURES, 'optional-crypto') },
    // Installed by one test only, so that npm's own cache never holds them before it.
    { name: 'queued-first', version: '1.0.0', folder: join(FIXTURES, 'uuid') },
    { name: 'queued-second', version: '1.0.0', folder: join(FIXTURES, 'uuid') },
  ]);
  workDir = await mkdtemp(join(tmpdir(), 'piecework-code-packages-'));
  // npm reads its registry from the environment its child processes inherit.
  process.env['npm_config_registry'] = registry.url;
  process.env['npm_config_cache'] = join(workDir, 'npm-cache');
  process.env['npm_config_update_notifier'] = 'false';
}, 60_000);
afterAll(async () => {
  await registry.close();
  await rm(workDir, { recursive: true, force: true });
  process.env = savedEnv;
});

const cacheIn = (name: string) => new CodePackageCache({ dir: join(workDir, name) });
const packageJson = (dependencies: Record<string, string>) => JSON.stringify({ dependencies });
const requests = () => registry.packumentRequests + registry.tarballRequests;

function codeStepFlow(code: string, dependencies: Record<string, string>) {
  return {
    id: 'version-1',
    flowId: 'flow-1',
    displayName: 'Packages',
    valid: true,
    trigger: {
      name: 'trigger',
      type: 'EMPTY',
      valid: true,
      displayName: 'Trigger',
      settings: {},
      nextAction: {
        name: 'step_1',
        type: 'CODE',
        valid: true,
        displayName: 'Code',
        settings: { sourceCode: { code, packageJson: packageJson(dependencies) }, input: { n: 3 } },
      },
    },
  } as never;
}

async function runStep(cache: CodePackageCache, code: string, dependencies: Record<string, string>) {
  const engine = new FlowEngine({ host: createMemoryHost({ code: cache }) });
  const result = await engine.execute({ flowVersion: codeStepFlow(code, dependencies), triggerPayload: {} });
  return result.steps['step_1'] as { status: string; output?: unknown; errorMessage?: string };
}

describe('code steps with npm packages', () => {
  it('import lodash, dayjs and uuid (its browser build) and run in the sandbox', async () => {
    const code = [
      "import _ from 'lodash';",
      "import dayjs from 'dayjs';",
      "import { v4, validate } from 'uuid';",
      'export const code = async (inputs: { n: number }) => ({',
      '  chunks: _.chunk([1, 2, 3, 4, 5], inputs.n),',
      "  date: dayjs('2024-02-28').add(2, 'day').format('YYYY-MM-DD'),",
      '  valid: validate(v4()),',
      '});',
    ].join('\n');
    const step = await runStep(cacheIn('three'), code, {
      lodash: '^4.17.0',
      dayjs: '^1.11.0',
      uuid: '^9.0.0',
    });
    expect(step).toMatchObject({
      status: 'SUCCEEDED',
      output: {
        chunks: [
          [1, 2, 3],
          [4, 5],
        ],
        date: '2024-03-01',
        valid: true,
      },
    });
  }, 60_000);

  it('fail a step whose package needs a Node built-in, naming the package and the module', async () => {
    const code =
      "import { readConfig } from 'reads-files';\nexport const code = async () => readConfig('/etc/hostname');";
    const step = await runStep(cacheIn('fs'), code, { 'reads-files': '1.0.0' });
    expect(step).toMatchObject({
      status: 'FAILED',
      errorMessage:
        'The package "reads-files" needs the Node built-in module "fs", which code steps cannot use (they run in a sandbox without Node\'s APIs)',
    });
  }, 60_000);

  it('bundle a package whose browser field disables the built-in it would use', async () => {
    const code =
      "import { hasNodeCrypto } from 'optional-crypto';\nexport const code = async () => hasNodeCrypto();";
    const step = await runStep(cacheIn('optional'), code, { 'optional-crypto': '^1.0.0' });
    expect(step).toMatchObject({ status: 'SUCCEEDED', output: false });
  }, 60_000);

  it('install once per dependency set and bundle once per source, across concurrent steps and restarts', async () => {
    const dir = join(workDir, 'reuse');
    const source = (n: number) => ({
      code: `import chunk from 'lodash/chunk';\nexport const code = async () => chunk([1, 2, 3], ${String(n)});`,
      packageJson: packageJson({ lodash: '4.17.21' }),
    });
    const before = requests();
    const first = new CodePackageCache({ dir });
    const concurrent = await Promise.all([
      first.bundle(source(1)),
      first.bundle(source(1)),
      first.bundle(source(2)),
    ]);
    expect(concurrent.map((outcome) => outcome.ok)).toEqual([true, true, true]);
    const installRequests = requests() - before;
    expect(installRequests).toBeGreaterThan(0);
    expect(await readdir(join(dir, 'installs'))).toHaveLength(1);
    expect(await readdir(join(dir, 'bundles'))).toHaveLength(2);
    const bundleFile = join(dir, 'bundles', (await readdir(join(dir, 'bundles')))[0]!);
    const writtenAt = (await stat(bundleFile)).mtimeMs;

    // A restart: a new cache over the same folder asks npm nothing and bundles nothing it has.
    const restarted = new CodePackageCache({ dir });
    const again = await restarted.bundle(source(1));
    const third = await restarted.bundle(source(3));
    expect(requests() - before).toBe(installRequests);
    expect((await stat(bundleFile)).mtimeMs).toBe(writtenAt);
    expect([again, third].map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(await readdir(join(dir, 'bundles'))).toHaveLength(3);
  }, 60_000);

  it('run one npm install at a time when asked to, the others waiting their turn', async () => {
    const cache = new CodePackageCache({ dir: join(workDir, 'one-at-a-time'), maxConcurrentInstalls: 1 });
    const release = registry.holdTarballs();
    const source = (dependencies: Record<string, string>) => ({
      code: 'export const code = async () => 1;',
      packageJson: packageJson(dependencies),
    });
    const first = cache.bundle(source({ 'queued-first': '1.0.0' }));
    const second = cache.bundle(source({ 'queued-second': '1.0.0' }));
    const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
    const tarballsBefore = registry.tarballRequests;
    for (let waited = 0; waited < 3000 && registry.tarballRequests === tarballsBefore; waited++)
      await pause();
    // The first install now waits for its tarball. Were a second npm running, it would ask for
    // its package meanwhile: give it up to 2 s to show itself (one at a time, it never does).
    for (let waited = 0; waited < 200 && !registry.history.includes('asked queued-second'); waited++)
      await pause();
    release();
    expect((await Promise.all([first, second])).map((outcome) => outcome.ok)).toEqual([true, true]);
    // The first tarball's first sending: npm may fetch it again later (a retry on a busy machine),
    // while a second npm running beside the first would have asked before it was ever sent.
    const firstSent = registry.history.indexOf('sent queued-first-1.0.0.tgz');
    expect(firstSent).toBeGreaterThanOrEqual(0);
    expect(registry.history.indexOf('asked queued-second')).toBeGreaterThan(firstSent);
  }, 60_000);

  it.each<[string, string, Record<string, string>, string | RegExp]>([
    [
      'an import the package.json does not declare',
      "import dayjs from 'dayjs';\nexport const code = async () => dayjs().year();",
      { lodash: '4.17.21' },
      'The code step imports "dayjs", which its package.json does not declare in "dependencies"',
    ],
    [
      'a Node built-in imported by the code itself',
      "import { readFileSync } from 'node:fs';\nexport const code = async () => readFileSync('/etc/passwd', 'utf8');",
      { lodash: '4.17.21' },
      'The code step needs the Node built-in module "fs", which code steps cannot use (they run in a sandbox without Node\'s APIs)',
    ],
    [
      'a file of the server',
      "import secret from '../../jwt-secret';\nexport const code = async () => secret;",
      { lodash: '4.17.21' },
      'The code step imports "../../jwt-secret": code steps can import npm packages only, not files',
    ],
    [
      'a syntax error',
      "import _ from 'lodash';\nexport const code = async () => { return _.chunk([1], 1) ",
      { lodash: '4.17.21' },
      /^The code step could not be bundled: Unexpected end of file \(code-step\.ts:2:\d+\)$/,
    ],
    [
      'a package the registry does not have',
      'export const code = async () => 1;',
      { 'no-such-package': '^1.0.0' },
      "Installing the code step's npm packages (no-such-package@^1.0.0) failed: no-such-package@^1.0.0 is not in the npm registry",
    ],
  ])(
    'fail clearly on %s',
    async (_, code, dependencies, message) => {
      const outcome: CodeBundleOutcome = await cacheIn('refusals').bundle({
        code,
        packageJson: packageJson(dependencies),
      });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok)
        expect(outcome.message).toMatch(
          typeof message === 'string' ? new RegExp(`^${escape(message)}$`) : message,
        );
    },
    60_000,
  );

  it.each<[string, Record<string, string>, number | undefined, string]>([
    ['a failed install', { 'no-such-package': '1.0.0' }, undefined, 'is not in the npm registry'],
    ['an install past its deadline', { dayjs: '1.11.9' }, 1, 'took longer than 0.001 s'],
  ])(
    'leave nothing installed after %s',
    async (_, dependencies, installTimeoutMs, reason) => {
      const dir = join(workDir, `failed-${String(installTimeoutMs)}`);
      const cache = new CodePackageCache({ dir, ...(installTimeoutMs ? { installTimeoutMs } : {}) });
      const outcome = await cache.bundle({
        code: 'export const code = async () => 1;',
        packageJson: packageJson(dependencies),
      });
      expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining(reason) as unknown });
      expect(await readdir(join(dir, 'installs'))).toEqual([]);
    },
    60_000,
  );
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
