/**
 * The command users run: the built standalone `piecework` bundle (one file of JavaScript with its
 * dependencies, beside its engine-thread and piece-process scripts) starts, and a synchronous
 * webhook runs a code step and a built-in piece in its worker thread: the engine thread the
 * command started at its very beginning (`cli/piecework.ts`), adopted by the run runtime. `npm test`
 * builds first; a plain `vitest run` without a build skips this file.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPieceworkClient } from '@piecework/client';
import { code, returnResponse, webhookTrigger } from '../modules/flows/flow-test-kit';
import { BUILT_CLI, freePort, startServerProcess, type ServerProcess } from '../testing/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-standalone-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(BUILT_CLI))('the built piecework command', () => {
  it('starts and answers a synchronous webhook through a code step and Return Response', async () => {
    // NODE_DEBUG=worker: Node reports each Worker the process creates, with its options.
    server = await startServerProcess(dataDir, await freePort(), { NODE_DEBUG: 'worker' }, { built: true });
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

    const answer = await fetch(`${server.apiUrl}/v1/webhooks/${flow.id}/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n: 21 }),
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ doubled: 42 });
    // The run ran in the only thread created: the deferred one, started before the server loaded.
    const created = server.output().match(/create new worker[^]*?isInternal/g) ?? [];
    expect(created).toHaveLength(1);
    expect(created[0]).toContain('engine-thread.js');
    expect(created[0]).toContain('workerData: { deferred: true }');
  });
});
