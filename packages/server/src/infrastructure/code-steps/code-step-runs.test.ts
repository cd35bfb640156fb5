/**
 * Code steps with npm packages in server runs: the engine's worker thread asks the main thread
 * for the bundle, which installs from a local npm registry on loopback (packed copies of lodash
 * and dayjs; the public registry is never asked) into AP_CONFIG_PATH. Later runs, and runs after
 * a restart, reuse the install and the bundle; an install under way holds up no other run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FlowRun, StepRequest } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, newRun, publishedFlow, waitForRun } from '../../testing/features/run-runtime-test-kit';
import { startLocalNpmRegistry, type LocalNpmRegistry } from '../../testing/local-npm-registry';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

const require = createRequire(import.meta.url);
const packageFolder = (name: string) => dirname(require.resolve(`${name}/package.json`));

let registry: LocalNpmRegistry;
let workDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  registry = await startLocalNpmRegistry([
    { name: 'lodash', version: '4.17.21', folder: packageFolder('lodash') },
    { name: 'dayjs', version: '1.11.9', folder: packageFolder('dayjs') },
  ]);
  workDir = await mkdtemp(join(tmpdir(), 'piecework-code-runs-'));
  process.env['npm_config_registry'] = registry.url;
  process.env['npm_config_cache'] = join(workDir, 'npm-cache');
  process.env['npm_config_update_notifier'] = 'false';
}, 60_000);
afterAll(async () => {
  await registry.close();
  await rm(workDir, { recursive: true, force: true });
  process.env = savedEnv;
});

/** A CODE step with `dependencies` in its package.json. */
function packageStep(name: string, code: string, dependencies: Record<string, string> = {}): StepRequest {
  return {
    name,
    displayName: `Code ${name}`,
    type: 'CODE',
    valid: true,
    settings: { sourceCode: { code, packageJson: JSON.stringify({ dependencies }) }, input: {} },
  };
}

const LODASH_STEP = packageStep(
  'step_1',
  "import _ from 'lodash';\nexport const code = async () => _.chunk(['a', 'b', 'c'], 2);",
  { lodash: '^4.17.21' },
);
const DAYJS_STEP = packageStep(
  'step_1',
  "import dayjs from 'dayjs';\nexport const code = async () => dayjs('2024-12-31').add(1, 'day').format('YYYY-MM-DD');",
  { dayjs: '1.11.9' },
);

async function runFlow(server: TestServer, user: TestUser, steps: StepRequest[]): Promise<FlowRun> {
  const flow = await publishedFlow(server, user, chain(steps));
  const { run } = await server.server.context.runs.createRun(newRun(flow, user));
  return waitForRun(server, run.id, undefined, 60_000);
}

const requests = () => registry.packumentRequests + registry.tarballRequests;

describe('code steps with npm packages in server runs', () => {
  it('install once, hold up no other run while installing, and reuse installs and bundles after a restart', async () => {
    const dataDir = join(workDir, 'restart');
    let server = await startTestServer({}, { dataDir, runs: { workerThreads: 2 } });
    try {
      const user = await signUpTestUser(server);
      const first = await runFlow(server, user, [LODASH_STEP]);
      expect(first.steps?.['step_1']).toMatchObject({ status: 'SUCCEEDED', output: [['a', 'b'], ['c']] });
      const afterInstall = requests();
      const second = await runFlow(server, user, [LODASH_STEP]);
      expect(second.steps?.['step_1']).toMatchObject({ status: 'SUCCEEDED', output: [['a', 'b'], ['c']] });
      expect(requests()).toBe(afterInstall);

      // While the dayjs install waits for its tarball, a plain code step runs to its end.
      const release = registry.holdTarballs();
      const installing = await runFlowStarted(server, user, [DAYJS_STEP]);
      const plain = await runFlow(server, user, [
        packageStep('step_1', 'export const code = async () => 42;'),
      ]);
      const stillInstalling = await server.server.context.runs.getRun(installing);
      release();
      expect(plain.steps?.['step_1']).toMatchObject({ status: 'SUCCEEDED', output: 42 });
      expect(stillInstalling?.status).toBe('RUNNING');
      const installed = await waitForRun(server, installing, undefined, 60_000);
      expect(installed.steps?.['step_1']).toMatchObject({ status: 'SUCCEEDED', output: '2025-01-01' });

      // A restart: new engine threads, the same AP_CONFIG_PATH; npm is not asked again.
      const beforeRestart = requests();
      await server.close();
      server = await startTestServer({}, { dataDir, runs: { workerThreads: 1 } });
      const afterRestart = await runFlow(server, user, [LODASH_STEP]);
      expect(afterRestart.steps?.['step_1']).toMatchObject({
        status: 'SUCCEEDED',
        output: [['a', 'b'], ['c']],
      });
      expect(requests()).toBe(beforeRestart);
    } finally {
      await server.close();
    }
  }, 90_000);
});

async function runFlowStarted(server: TestServer, user: TestUser, steps: StepRequest[]): Promise<string> {
  const flow = await publishedFlow(server, user, chain(steps));
  const { run } = await server.server.context.runs.createRun(newRun(flow, user));
  await waitForRun(server, run.id, ['RUNNING']);
  return run.id;
}
