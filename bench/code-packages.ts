/**
 * bench/code-packages: code steps that import an npm package (lodash), bundled by the server's
 * CodePackageCache, beside plain code steps measured in the same run: the first run (npm install
 * from a local registry on loopback, esbuild bundle, first QuickJS compile), a bundle read back
 * from disk after a restart, and the warm cost of flows of 1 and 10 such steps (the bundle's
 * module, lodash included, is set up once per run).
 *
 * Run: npm run bench:code-packages
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Step } from '../packages/shared/src/index';
import { createMemoryHost, FlowEngine } from '../packages/engine/src/index';
import { code, flow } from '../packages/shared/src/testing';
import { CodePackageCache } from '../packages/server/src/infrastructure/code-steps/code-package-cache';
import { startLocalNpmRegistry } from '../packages/server/src/testing/local-npm-registry';
import { printTable } from './support';

const require = createRequire(import.meta.url);
const registry = await startLocalNpmRegistry([
  { name: 'lodash', version: '4.17.21', folder: dirname(require.resolve('lodash/package.json')) },
]);
const workDir = await mkdtemp(join(tmpdir(), 'piecework-bench-code-'));
process.env['npm_config_registry'] = registry.url;
process.env['npm_config_cache'] = join(workDir, 'npm-cache');
process.env['npm_config_update_notifier'] = 'false';

const LODASH_SOURCE =
  "import _ from 'lodash';\nexport const code = async (inputs) => ({ n: _.add(inputs.n, 1) });";
const PACKAGE_JSON = JSON.stringify({ dependencies: { lodash: '4.17.21' } });

function lodashStep(name: string, n: number): Step {
  const step = code(name, '', { n });
  if (step.type !== 'CODE') throw new Error('not a code step');
  return {
    ...step,
    settings: { ...step.settings, sourceCode: { code: LODASH_SOURCE, packageJson: PACKAGE_JSON } },
  };
}
const steps = (make: (name: string, n: number) => Step) =>
  Array.from({ length: 10 }, (_, i) => make(`step_${i + 1}`, i));

const dir = join(workDir, 'code-packages');
const cache = new CodePackageCache({ dir });
const engine = new FlowEngine({ host: createMemoryHost({ code: cache }) });
const run = async (version: ReturnType<typeof flow>) => {
  const result = await engine.execute({ flowVersion: version, triggerPayload: {} });
  if (result.status !== 'SUCCEEDED') throw new Error(`${result.status}: ${JSON.stringify(result.steps)}`);
};

// First run: install, bundle, first compile in QuickJS.
let start = performance.now();
await run(flow(lodashStep('step_1', 0)));
const firstRunMs = performance.now() - start;

// A restart: a new cache over the same folder reads the bundle back from disk.
const restarted = new CodePackageCache({ dir });
start = performance.now();
const fromDisk = await restarted.bundle({ code: LODASH_SOURCE, packageJson: PACKAGE_JSON });
const fromDiskMs = performance.now() - start;
if (!fromDisk.ok) throw new Error(fromDisk.message);

const plainStep = (name: string, n: number) => code(name, 'return { n: inputs.n + 1 };', { n });
const cases: [string, Step[]][] = [
  ['1 plain code step', [plainStep('step_1', 0)]],
  ['1 code step importing lodash', [lodashStep('step_1', 0)]],
  ['10 plain code steps', steps(plainStep)],
  ['10 code steps importing lodash', steps(lodashStep)],
];
const rows: string[][] = [];
const plainPerRun: number[] = [];
for (const [index, [label, flowSteps]] of cases.entries()) {
  const version = flow(...flowSteps);
  for (let i = 0; i < 100; i++) await run(version);
  const rounds = 500;
  start = performance.now();
  for (let i = 0; i < rounds; i++) await run(version);
  const perRun = ((performance.now() - start) / rounds) * 1000;
  if (index % 2 === 0) plainPerRun.push(perRun);
  const baseline = plainPerRun[plainPerRun.length - 1]!;
  rows.push([
    label,
    `${perRun.toFixed(0)} µs/run`,
    `${(perRun / flowSteps.length).toFixed(1)} µs/step`,
    `${(perRun / baseline).toFixed(2)}x`,
  ]);
}
await registry.close();
await rm(workDir, { recursive: true, force: true });

printTable(
  ['first run of a lodash step', 'bundle read after a restart', 'bundle size'],
  [
    [
      `${firstRunMs.toFixed(0)} ms`,
      `${fromDiskMs.toFixed(2)} ms`,
      `${(fromDisk.bundle.length / 1024).toFixed(1)} KiB`,
    ],
  ],
);
printTable(['flow (warm, in-process)', 'per run', 'per step', 'vs the plain flow (same run)'], rows);
