/**
 * The catalogue of pieces a server knows but has not installed, end to end over loopback: a
 * server syncs it from another Piecework speaking the pieces API (its registry list, then each
 * piece's metadata), lists, gets and versions the synced pieces, and keeps them across a restart;
 * a flow naming catalogue pieces installs each version once from the (loopback) npm registry when
 * it is imported, then publishes and runs; two flows needing the same piece at once share one
 * install. Packages come from a local registry of packed fixture pieces; the public registry and
 * Activepieces' cloud are never asked.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { FlowOperation, StepRequest } from '@piecework/shared';
import { startLocalNpmRegistry, type LocalNpmRegistry } from '../../testing/local-npm-registry';
import { FIXTURE_PIECES_DIR } from '../../testing/test-pieces';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { flowsApi, webhookTrigger } from '../../testing/features/flow-test-kit';
import { callWebhook, jsonBody, waitForRun } from '../../testing/features/webhook-run-test-kit';

/** Catalogue pieces: the echo fixture packed under three names, plus one for the concurrency case. */
const ONE = '@fixtures/piece-one';
const TWO = '@fixtures/piece-two';
const THREE = '@fixtures/piece-three';
const SHARED = '@fixtures/piece-shared';
const ECHO = join(FIXTURE_PIECES_DIR, 'piece-echo');

let registry: LocalNpmRegistry;
let npmCache: string;
let source: TestServer;
let target: TestServer;
let targetDir: string;
let admin: PieceworkClient;
let owner: TestUser;
const savedEnv = { ...process.env };

/** The environment of a server syncing from `source` with `apiKey`. */
const syncingFrom = (apiKey: string, mode = 'OFFICIAL_AUTO') => ({
  AP_PIECES_SYNC_MODE: mode,
  AP_PIECES_SYNC_URL: `${source.apiUrl}/`,
  AP_PIECES_SYNC_API_KEY: apiKey,
  AP_SSRF_ALLOW_LIST: '127.0.0.1/32',
});
let sourceKey: string;

/**
 * How many times the target installed `name` on demand, as its log says: the most any one process
 * did (on a scale-out cluster, the app and each worker keep their own pieces directory).
 */
const installs = (name: string) => {
  const perProcess = new Map<unknown, number>();
  for (const line of target.logs) {
    if (line['msg'] !== 'Installed a piece a flow needs') continue;
    if ((line['piece'] as { name?: string }).name !== name) continue;
    perProcess.set(line['testProcess'], (perProcess.get(line['testProcess']) ?? 0) + 1);
  }
  return Math.max(0, ...perProcess.values());
};

/** A step running the echo fixture's `store_counter` (no auth) of `pieceName`. */
function counterStep(name: string, pieceName: string, pieceVersion = '1.0.0'): StepRequest {
  return {
    name,
    displayName: `Count with ${pieceName}`,
    type: 'PIECE',
    valid: true,
    settings: {
      pieceName,
      pieceVersion,
      actionName: 'store_counter',
      propertySettings: {},
      input: {},
    },
  };
}

beforeAll(async () => {
  registry = await startLocalNpmRegistry(
    [ONE, TWO, THREE, SHARED].map((name) => ({ name, version: '1.0.0', folder: ECHO })),
  );
  npmCache = await mkdtemp(join(tmpdir(), 'piecework-npm-cache-'));
  process.env['npm_config_registry'] = registry.url;
  process.env['npm_config_cache'] = npmCache;
  process.env['npm_config_update_notifier'] = 'false';
  // The source installs the pieces the target will list without having them.
  source = await startTestServer();
  const sourceOwner = await signUpTestUser(source);
  const sourceAdmin = createPieceworkClient({ baseUrl: source.url, token: sourceOwner.token });
  for (const name of [ONE, TWO, THREE, SHARED])
    await sourceAdmin.pieces.install({ pieceName: name, pieceVersion: '1.0.0' });
  sourceKey = (await sourceAdmin.apiKeys.create({ displayName: 'catalogue sync' })).value;
  targetDir = await mkdtemp(join(tmpdir(), 'piecework-catalogue-'));
  target = await startTestServer(syncingFrom(sourceKey), { dataDir: targetDir });
  owner = await signUpTestUser(target);
  admin = createPieceworkClient({ baseUrl: target.url, token: owner.token });
}, 120_000);
afterAll(async () => {
  await target?.close();
  await source?.close();
  await registry?.close();
  await rm(targetDir, { recursive: true, force: true });
  await rm(npmCache, { recursive: true, force: true });
  process.env = savedEnv;
});

/** Waits until the target's start-up sync has listed `name`. */
async function listed(client: PieceworkClient, name: string) {
  await expect
    .poll(async () => (await client.pieces.list()).map((piece) => piece.name), {
      timeout: 30_000,
      interval: 50,
    })
    .toContain(name);
  return (await client.pieces.list()).find((piece) => piece.name === name)!;
}

/**
 * The run once it ended. A worker of a scale-out cluster installs the pieces itself before the run's
 * steps can start (its own pieces directory), so this waits on the run's progress, not a fixed time.
 */
async function runEnd(runId: string) {
  let run: Awaited<ReturnType<typeof waitForRun>> | undefined;
  await expect
    .poll(
      async () => {
        run = await waitForRun(target, owner.token, runId, () => true);
        return run.status;
      },
      { timeout: 120_000, interval: 100 },
    )
    .not.toMatch(/^(QUEUED|RUNNING)$/);
  return run!;
}

describe('a catalogue synced from another server', () => {
  it("answers its registry list to anyone, as Activepieces' cloud does", async () => {
    const answer = await fetch(`${source.apiUrl}/v1/pieces/registry?release=0.0.0&edition=ce`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(expect.arrayContaining([{ name: ONE, version: '1.0.0' }]));
  });

  it('lists, gets and versions synced pieces as installing on first use', async () => {
    const summary = await listed(admin, ONE);
    expect(summary).toMatchObject({
      name: ONE,
      version: '1.0.0',
      installState: 'INSTALL_ON_USE',
      actions: 3,
    });
    expect(await admin.pieces.get({ name: ONE })).toMatchObject({
      name: ONE,
      version: '1.0.0',
      installState: 'INSTALL_ON_USE',
      actions: { store_counter: { name: 'store_counter', requireAuth: false } },
    });
    expect(await admin.pieces.listVersions({ name: ONE })).toEqual([{ version: '1.0.0' }]);
    expect(await target.server.context.pieces.has(ONE, '1.0.0')).toBe(false);
    expect(installs(ONE)).toBe(0);
  });

  it('syncs again incrementally: nothing new is read', async () => {
    expect(await admin.pieces.sync()).toEqual({ added: 0, removed: 0 });
  });

  it('refuses a sync by anyone but an admin of the first platform', async () => {
    const stranger = await signUpTestUser(target);
    const client = createPieceworkClient({ baseUrl: target.url, token: stranger.token });
    await expect(client.pieces.sync()).rejects.toMatchObject({ status: 403, code: 'AUTHORIZATION' });
  });

  it('keeps the synced pieces across a restart without syncing', async () => {
    await target.close();
    target = await startTestServer(syncingFrom(sourceKey, 'NONE'), { dataDir: targetDir });
    admin = createPieceworkClient({ baseUrl: target.url, token: owner.token });
    expect(await listed(admin, THREE)).toMatchObject({ installState: 'INSTALL_ON_USE' });
  }, 60_000);
});

describe('installing catalogue pieces on demand', () => {
  it('imports a flow naming three catalogue pieces: each installs once, the flow publishes and runs', async () => {
    const api = flowsApi(target, owner.token);
    const flow = await api.createFlow(owner.projectId!, 'Three pieces');
    const [one, two, three] = [
      counterStep('step_1', ONE),
      counterStep('step_2', TWO),
      counterStep('step_3', THREE),
    ];
    const trigger = {
      ...webhookTrigger(),
      nextAction: { ...one, nextAction: { ...two, nextAction: three } },
    };
    const imported = await api.apply(flow.id, {
      type: 'IMPORT_FLOW',
      request: { displayName: 'Three pieces', trigger },
    } as unknown as FlowOperation);
    expect(imported.version.valid).toBe(true);
    for (const name of [ONE, TWO, THREE]) {
      expect(installs(name)).toBe(1);
      expect(await target.server.context.pieces.has(name, '1.0.0')).toBe(true);
    }
    expect((await admin.pieces.get({ name: TWO })).installState).toBe('INSTALLED');
    await api.apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    const answer = await callWebhook(target, flow.id, '', jsonBody({}));
    expect(answer.status).toBe(200);
    const run = await runEnd(answer.headers.get('x-webhook-id') ?? '');
    expect(run.status).toBe('SUCCEEDED');
    expect(run.steps?.['step_3']).toMatchObject({
      status: 'SUCCEEDED',
      output: { counter: expect.any(Number) },
    });
    for (const name of [ONE, TWO, THREE]) expect(installs(name)).toBe(1);
  }, 240_000);

  it('installs a piece two flows need at the same moment once', async () => {
    const api = flowsApi(target, owner.token);
    const flows = await Promise.all([
      api.createFlow(owner.projectId!, 'A'),
      api.createFlow(owner.projectId!, 'B'),
    ]);
    const saved = await Promise.all(
      flows.map((flow) =>
        api.apply(
          flow.id,
          { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
          { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: counterStep('step_1', SHARED) } },
        ),
      ),
    );
    for (const flow of saved) expect(flow.version.valid).toBe(true);
    expect(installs(SHARED)).toBe(1);
  }, 120_000);

  it('refuses to remove a version a published flow runs, naming the flow', async () => {
    await expect(admin.pieces.delete({ name: ONE }, { version: '1.0.0' })).rejects.toMatchObject({
      status: 409,
      code: 'VALIDATION',
      params: { pieceName: ONE, flows: [expect.objectContaining({ displayName: 'Three pieces' })] },
    });
    expect(await target.server.context.pieces.has(ONE, '1.0.0')).toBe(true);
  });

  it('marks a piece that failed to install in the step, saying why', async () => {
    await target.server.context.pieces.known.put(
      [
        {
          metadata: {
            name: '@fixtures/piece-gone',
            version: '1.0.0',
            displayName: 'Gone',
            description: '',
            logoUrl: '',
            authors: [],
            actions: {},
            triggers: {},
          },
        },
      ],
      'SYNC',
    );
    const api = flowsApi(target, owner.token);
    const flow = await api.createFlow(owner.projectId!, 'Gone');
    const saved = await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      {
        type: 'ADD_ACTION',
        request: { parentStep: 'trigger', action: counterStep('step_1', '@fixtures/piece-gone') },
      },
    );
    expect(saved.version.valid).toBe(false);
    expect(JSON.stringify(saved.version)).toContain('could not be installed');
  }, 60_000);
});

/** The base64 `.tgz` of the echo fixture packed as `name@version` (what `npm pack` makes of a private piece). */
async function packedEcho(name: string, version: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'piecework-private-piece-'));
  try {
    await cp(ECHO, join(dir, 'src'), { recursive: true });
    const manifest = JSON.parse(await readFile(join(dir, 'src', 'package.json'), 'utf8')) as object;
    await writeFile(join(dir, 'src', 'package.json'), JSON.stringify({ ...manifest, name, version }));
    const { stdout } = await promisify(execFile)('npm', ['pack', join(dir, 'src'), '--json'], { cwd: dir });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    return (await readFile(join(dir, filename))).toString('base64');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a packed private piece (ARCHIVE)', () => {
  const PRIVATE = '@fixtures/private-echo';

  it('installs from its archive and runs in a published flow', async () => {
    const installed = await admin.pieces.install({
      pieceName: PRIVATE,
      pieceVersion: '2.0.0',
      packageType: 'ARCHIVE',
      pieceArchive: await packedEcho(PRIVATE, '2.0.0'),
    });
    expect(installed).toEqual({ name: PRIVATE, version: '2.0.0', installed: true });
    expect((await admin.pieces.get({ name: PRIVATE })).installState).toBe('INSTALLED');
    const api = flowsApi(target, owner.token);
    const flow = await api.createFlow(owner.projectId!, 'Private');
    const step = counterStep('step_1', PRIVATE, '2.0.0');
    await api.apply(
      flow.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: step } },
      { type: 'LOCK_AND_PUBLISH', request: {} },
    );
    const answer = await callWebhook(target, flow.id, '', jsonBody({}));
    const run = await waitForRun(target, owner.token, answer.headers.get('x-webhook-id') ?? '');
    expect(run.status).toBe('SUCCEEDED');
    expect(run.steps?.['step_1']).toMatchObject({
      status: 'SUCCEEDED',
      output: { counter: expect.any(Number) },
    });
  }, 120_000);

  it.each([
    ['an archive of another package', () => packedEcho('@fixtures/someone-else', '1.0.0'), '1.0.0', 400],
    ['no archive', async () => undefined, '1.0.0', 400],
    ['a range instead of the exact version', () => packedEcho('@fixtures/ranged', '1.0.0'), '^1.0.0', 400],
  ])(
    'refuses %s with 400, installing nothing',
    async (_, archive, pieceVersion, status) => {
      const pieceArchive = await archive();
      const name = '@fixtures/refused-private';
      await expect(
        admin.pieces.install({
          pieceName: name,
          pieceVersion,
          packageType: 'ARCHIVE',
          ...(pieceArchive === undefined ? {} : { pieceArchive }),
        }),
      ).rejects.toMatchObject({ status, code: 'VALIDATION', params: { pieceName: name } });
      expect(await target.server.context.pieces.installedFromNpm(name, '1.0.0')).toBe(false);
    },
    60_000,
  );
});
