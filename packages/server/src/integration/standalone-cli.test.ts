/**
 * The command users run: the built standalone `piecework` bundles (the command and the engine
 * thread, each with its dependencies, loaded through a V8 code cache by tiny entries, beside the
 * piece-process script) start, and a synchronous webhook runs a code step and a built-in piece in
 * its worker thread: the engine thread the command started at its very beginning
 * (`cli/piecework.ts`), adopted by the run runtime; it lists the pieces of the catalogue snapshot
 * shipped with the package. A first start writes the code caches of both
 * bundles; the next start compiles from them. `npm test` builds first; a plain `vitest run`
 * without a build skips this file.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPieceworkClient } from '@piecework/client';
import { code, returnResponse, webhookTrigger } from '../testing/features/flow-test-kit';
import { BUILT_CLI, freePort, startServerProcess, type ServerProcess } from '../testing/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-standalone-'));
const cacheDir = join(dirname(BUILT_CLI), '.compile-cache');
// NODE_DEBUG=worker: Node reports each Worker the process creates, with its options;
// piecework-compile-cache: what each bundle did with its code cache.
const debug = { NODE_DEBUG: 'worker,piecework-compile-cache' };
let server: ServerProcess | undefined;
let flowId = '';
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

async function runWebhook(started: ServerProcess): Promise<void> {
  const answer = await fetch(`${started.apiUrl}/v1/webhooks/${flowId}/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n: 21 }),
  });
  expect(answer.status).toBe(201);
  expect(await answer.json()).toEqual({ doubled: 42 });
}

/** The run ran in the only thread created: the deferred one, started before the server loaded. */
function expectOnlyTheDeferredThread(output: string): void {
  const created = output.match(/create new worker[^]*?isInternal/g) ?? [];
  expect(created).toHaveLength(1);
  expect(created[0]).toContain('engine-thread.js');
  expect(created[0]).toContain('workerData: { deferred: true }');
}

/** The bundles (`main.js`, `engine-thread-main.js`) with a code cache in the cache folder. */
function cachedBundles(): string[] {
  const names = existsSync(cacheDir) ? readdirSync(cacheDir) : [];
  return names.flatMap((name) => /^(.+\.js)\.[0-9a-f]{16}\.cache$/.exec(name)?.[1] ?? []).sort();
}

describe.skipIf(!existsSync(BUILT_CLI))('the built piecework command', () => {
  it('starts and answers a synchronous webhook through a code step and Return Response', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    server = await startServerProcess(dataDir, await freePort(), debug, { built: true });
    const anonymous = createPieceworkClient({ baseUrl: server.url });
    const user = await anonymous.authentication.signUp({
      email: 'standalone@example.com',
      password: 'a long enough password',
      firstName: 'Stand',
      lastName: 'Alone',
    });
    const client = anonymous.withToken(user.token);
    expect(user.projectId).toEqual(expect.any(String));
    const flow = await client.flows.create({ displayName: 'Standalone', projectId: String(user.projectId) });
    await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
    await client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'trigger',
        action: code('step_1', 'return { doubled: inputs.n * 2 };', { n: "{{trigger['output'].body.n}}" }),
      },
    });
    await client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'step_1',
        action: returnResponse('step_2', { status: 201, body: { doubled: "{{step_1['output'].doubled}}" } }),
      },
    });
    await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    flowId = flow.id;

    await runWebhook(server);
    expectOnlyTheDeferredThread(server.output());
    // The bundle finds the catalogue snapshot shipped with the package and lists its pieces.
    await expect
      .poll(
        async () => (await client.pieces.list()).filter((piece) => piece.installState !== 'BUILT_IN').length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(60);
    expect(server.output()).toMatch(/: main\.js: no code cache yet/);
    expect(server.output()).toMatch(/: engine-thread-main\.js: no code cache yet/);
  }, 60_000);

  it('writes the code caches of both bundles about a second after a start; the next start compiles from them', async () => {
    const deadline = Date.now() + 15_000;
    while (cachedBundles().length < 2 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(cachedBundles()).toEqual(['engine-thread-main.js', 'main.js']);
    await server?.kill('SIGTERM');

    server = await startServerProcess(dataDir, await freePort(), debug, { built: true });
    await runWebhook(server);
    expectOnlyTheDeferredThread(server.output());
    expect(server.output()).toMatch(/: main\.js: code cache used/);
    expect(server.output()).toMatch(/: engine-thread-main\.js: code cache used/);
  });
});
