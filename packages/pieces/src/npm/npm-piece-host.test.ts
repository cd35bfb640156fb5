import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { LogLevel } from '@piecework/engine';
import type { PieceMetadataLoader } from '../catalogue/piece-catalogue';
import type { NpmPieceRunner } from '../runner/create-piece-runner';
import { NpmPieceHost } from './npm-piece-host';
import { FIXTURES, REAL_PIECES, testResolver } from './testing/fixture-pieces';
import { actionRequest, triggerRequest } from './testing/requests';
import { testServices } from './testing/test-services';

const SECRET_NAME = 'PIECEWORK_TEST_DATABASE_URL';

describe('NpmPieceHost with misbehaving pieces', () => {
  let host: NpmPieceHost;
  const lines: Array<{ level: LogLevel; message: string }> = [];
  const { services, entries } = testServices({
    connections: { other: { type: 'SECRET_TEXT', secret_text: 'x' } },
  });
  const run = (piece: readonly [string, string], action: string, input: Record<string, unknown> = {}) =>
    host.runAction(actionRequest(piece, action, input), services);
  const pidOf = async (piece: readonly [string, string], action: string) => {
    const outcome = await run(piece, action);
    if (outcome.status !== 'SUCCEEDED') throw new Error(`expected SUCCEEDED, got ${JSON.stringify(outcome)}`);
    return (outcome.output as { pid: number }).pid;
  };

  beforeAll(() => {
    process.env[SECRET_NAME] = 'postgres://user:secret@db/piecework';
    host = new NpmPieceHost({
      resolvePiece: testResolver(),
      poolSize: 1,
      callTimeoutMs: 1000,
      log: { log: (level, message) => lines.push({ level, message }) },
    });
    delete process.env[SECRET_NAME];
  });
  afterAll(() => host.close());

  it('runs a duck-typed V0 piece: props processed, the connection downgraded, a clean environment', async () => {
    const outcome = await run(FIXTURES.echo, 'echo', {
      count: '3',
      auth: { type: 'SECRET_TEXT', secret_text: 'key' },
    });
    expect(outcome).toMatchObject({
      status: 'SUCCEEDED',
      output: {
        auth: 'key',
        propsValue: { count: 3, flag: true },
        serverUrl: 'http://localhost:3000/',
        executionType: 'BEGIN',
      },
    });
    const { envKeys } = (outcome as { output: { envKeys: string[] } }).output;
    expect(envKeys).not.toContain(SECRET_NAME);
    expect(envKeys).not.toContain('NODE_OPTIONS');
    expect(
      envKeys.every((key) => ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'TZ'].includes(key)),
    ).toBe(true);
  });

  it('sends what pieces print to the log sink, never to the console', async () => {
    await run(FIXTURES.echo, 'echo', { count: 1, auth: 'key' });
    expect(lines).toContainEqual({ level: 'info', message: 'piece-echo loaded' });
    expect(lines).toContainEqual({ level: 'info', message: 'echo running' });
    expect(lines).toContainEqual({ level: 'warn', message: 'echo warning' });
  });

  it("fails the step on invalid props, with Activepieces' wording", async () => {
    expect(await run(FIXTURES.echo, 'echo', { count: 'abc', auth: 'key' })).toEqual({
      status: 'FAILED',
      message: '{"count":["Expected number, received: abc"]}',
    });
  });

  it('serves ctx.store and ctx.connections from the host', async () => {
    expect(await run(FIXTURES.echo, 'store_counter')).toMatchObject({ output: { counter: 1 } });
    expect(await run(FIXTURES.echo, 'store_counter')).toEqual({
      status: 'SUCCEEDED',
      output: { counter: 2, connection: { type: 'SECRET_TEXT', secret_text: 'x' } },
    });
    expect(entries.get('PROJECT:counter')).toBe(2);
  });

  it('sends an output that cannot be cloned as JSON', async () => {
    expect(await run(FIXTURES.echo, 'not_cloneable')).toEqual({ status: 'SUCCEEDED', output: { value: 1 } });
  });

  it('calls trigger hooks: a schedule set in onEnable, a run that gives no array fails', async () => {
    expect(await host.runTrigger(triggerRequest(FIXTURES.echo, 'poll', 'onEnable'), services)).toEqual({
      status: 'SUCCEEDED',
      output: undefined,
      schedule: { cronExpression: '*/2 * * * *', timezone: 'UTC' },
      listeners: [],
      strategy: 'POLLING',
    });
    expect(await host.runTrigger(triggerRequest(FIXTURES.echo, 'poll', 'run'), services)).toEqual({
      status: 'FAILED',
      message:
        'Trigger poll of @fixtures/piece-echo@1.0.0 returned object from run, expected an array of payloads',
    });
  });

  it.each([
    ['hangs', 'hang'],
    ['spins', 'spin'],
  ])('kills a piece that %s at the deadline; the next call works', async (_, action) => {
    expect(await run(FIXTURES.hang, action)).toEqual({
      status: 'FAILED',
      message: 'Piece @fixtures/piece-hang timed out after 1 s',
    });
    expect(await run(FIXTURES.hang, 'ok')).toMatchObject({ status: 'SUCCEEDED', output: { ok: true } });
  });

  it('fails the step with what a piece throws; the process lives on', async () => {
    const before = await pidOf(FIXTURES.throw, 'reject_later');
    expect(await run(FIXTURES.throw, 'throw')).toEqual({ status: 'FAILED', message: 'boom' });
    expect(await pidOf(FIXTURES.throw, 'reject_later')).toBe(before);
  });

  it('reports an uncaught exception as a crash and replaces the process', async () => {
    const before = await pidOf(FIXTURES.throw, 'reject_later');
    expect(await run(FIXTURES.throw, 'throw_later')).toEqual({
      status: 'FAILED',
      message: 'Piece @fixtures/piece-throw crashed: boom in a timer',
    });
    expect(await pidOf(FIXTURES.throw, 'reject_later')).not.toBe(before);
  });

  it('reports process.exit as a crash; the next call works', async () => {
    expect(await run(FIXTURES.exit, 'exit')).toEqual({
      status: 'FAILED',
      message: 'Piece @fixtures/piece-exit crashed: the process exited with code 3',
    });
    expect(await run(FIXTURES.hang, 'ok')).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('keeps NODE_TLS_REJECT_UNAUTHORIZED inside the call that set it', async () => {
    const disabled = await run(FIXTURES.tls, 'disable_tls');
    expect(disabled).toMatchObject({ status: 'SUCCEEDED', output: { value: '0' } });
    expect(process.env.NODE_TLS_REJECT_UNAUTHORIZED).toBeUndefined();
    const next = await run(FIXTURES.tls, 'read_tls');
    expect(next).toMatchObject({ status: 'SUCCEEDED', output: { value: null } });
    expect((next as { output: { pid: number } }).output.pid).toBe(
      (disabled as { output: { pid: number } }).output.pid,
    );
  });

  it('runs pieces built on the pre-rename framework, the connection in their credentials prop', async () => {
    const auth = { type: 'OAUTH2', access_token: 'token-1', data: {} };
    expect(await run(FIXTURES.legacy, 'send_email', { subject: 'Hi', auth })).toEqual({
      status: 'SUCCEEDED',
      output: { propsValue: { subject: 'Hi', authentication: auth }, self: 'send_email' },
    });
    expect(await run(FIXTURES.legacy, 'send_email', { subject: 'Hi' })).toMatchObject({
      status: 'FAILED',
      message: expect.stringContaining('"auth":["Expected a connection'),
    });
    expect(await host.metadata(...FIXTURES.legacy)).toMatchObject({
      name: '@fixtures/piece-legacy',
      auth: { type: 'OAUTH2', authUrl: 'https://auth.example.com/authorize', required: true },
      actions: {
        send_email: { requireAuth: true, sampleData: { id: 'sample' } },
        no_auth: { requireAuth: false },
      },
    });
  });

  it('fails clearly on a missing action and on a version that is not installed', async () => {
    expect(await run(FIXTURES.echo, 'nope')).toEqual({
      status: 'FAILED',
      message: "Piece @fixtures/piece-echo@1.0.0 has no action named 'nope'",
    });
    expect(await run(['@activepieces/piece-store', '0.6.19'], 'get')).toEqual({
      status: 'FAILED',
      message: `piece @activepieces/piece-store@0.6.19 is not installed (found ${REAL_PIECES.store[1]})`,
    });
    expect(await host.has(...REAL_PIECES.store)).toBe(true);
    expect(await host.has('@activepieces/piece-store', '0.6.19')).toBe(false);
  });
});

describe('NpmPieceHost pool', () => {
  it('runs calls in parallel up to the pool size, queues the rest, and refuses calls once closed', async () => {
    const host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 2, callTimeoutMs: 5000 });
    const { services } = testServices();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => host.runAction(actionRequest(FIXTURES.throw, 'reject_later'), services)),
    );
    const pids = outcomes.map((outcome) => (outcome as { output: { pid: number } }).output.pid);
    expect(new Set(pids).size).toBe(2);
    await host.close();
    expect(await host.runAction(actionRequest(FIXTURES.hang, 'ok'), services)).toEqual({
      status: 'FAILED',
      message: 'Piece @fixtures/piece-hang: The piece host is closed',
    });
  });
});

describe('NpmPieceHost call deadline of a run with a synchronous caller', () => {
  it('ends an action call by callDeadline when that comes first, and ignores one already passed', async () => {
    let deadline = 0;
    const runs: string[] = [];
    const host = new NpmPieceHost({
      resolvePiece: testResolver(),
      poolSize: 1,
      callTimeoutMs: 1000,
      callDeadline: (run) => {
        runs.push(run.id);
        return deadline;
      },
    });
    const { services } = testServices();
    try {
      deadline = Date.now() + 400;
      const early = await host.runAction(actionRequest(FIXTURES.hang, 'hang'), services);
      expect(early.status === 'FAILED' && early.message).toMatch(
        /^Piece @fixtures\/piece-hang timed out after 0\.[1-4]\d* s, before the synchronous request waiting for its run stops waiting$/,
      );
      deadline = Date.now() - 1;
      expect(await host.runAction(actionRequest(FIXTURES.hang, 'hang'), services)).toEqual({
        status: 'FAILED',
        message: 'Piece @fixtures/piece-hang timed out after 1 s',
      });
      expect(runs).toEqual([
        actionRequest(FIXTURES.hang, 'hang').run.id,
        actionRequest(FIXTURES.hang, 'hang').run.id,
      ]);
    } finally {
      await host.close();
    }
  });
});

describe('NpmPieceHost heap cap', () => {
  it('ends a piece that runs out of its heap as a crash; the next call works', async () => {
    const host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 1, maxOldSpaceMb: 64 });
    const { services } = testServices();
    try {
      expect(await host.runAction(actionRequest(FIXTURES.hang, 'hog'), services)).toEqual({
        status: 'FAILED',
        message: 'Piece @fixtures/piece-hang crashed: the process aborted (out of memory?)',
      });
      expect(await host.runAction(actionRequest(FIXTURES.hang, 'ok'), services)).toMatchObject({
        status: 'SUCCEEDED',
      });
    } finally {
      await host.close();
    }
  });
});

describe('NpmPieceHost types', () => {
  it("serves as the piece runner's npm runner and as the catalogue's metadata loader", () => {
    expectTypeOf<NpmPieceHost>().toExtend<NpmPieceRunner & PieceMetadataLoader>();
  });
});

describe('NpmPieceHost.has', () => {
  it('remembers a version it found, and looks for a missing one again only after missingRecheckMs', async () => {
    const installed = new Set<string>();
    let lookups = 0;
    const host = new NpmPieceHost({
      missingRecheckMs: 50,
      resolvePiece: (name, version) => {
        lookups += 1;
        const key = `${name}@${version}`;
        return installed.has(key) ? Promise.resolve(`/pieces/${key}`) : Promise.reject(new Error('missing'));
      },
    });
    expect(await host.has('@acme/piece-x', '1.0.0')).toBe(false);
    installed.add('@acme/piece-x@1.0.0');
    expect(await host.has('@acme/piece-x', '1.0.0')).toBe(false);
    expect(lookups).toBe(1);
    await new Promise((done) => setTimeout(done, 60));
    expect(await host.has('@acme/piece-x', '1.0.0')).toBe(true);
    installed.clear();
    expect(await host.has('@acme/piece-x', '1.0.0')).toBe(true);
    expect(lookups).toBe(2);
    await host.close();
  });
});
