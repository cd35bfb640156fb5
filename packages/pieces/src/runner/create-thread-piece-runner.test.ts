import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PieceRunner, PieceRunRequest } from '@piecework/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../builtin/testing/local-server';
import { pieceInstallDir } from '../catalogue/pieces-directory';
import { REAL_PIECES, testResolver } from '../npm/testing/fixture-pieces';
import { actionRequest } from '../npm/testing/requests';
import { testServices } from '../npm/testing/test-services';
import { createThreadPieceRunner, type ThreadPieceSettings } from './create-thread-piece-runner';

const math = ['@activepieces/piece-math-helper', '0.4.9'] as const;
const piecesDir = mkdtempSync(join(tmpdir(), 'piecework-thread-pieces-'));
const urls = { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/api/' };

beforeAll(async () => {
  // The real npm store piece, installed in the pieces directory as the catalogue lays it out.
  const [name, version] = REAL_PIECES.store;
  const moduleDir = join(pieceInstallDir(piecesDir, name, version), 'node_modules', name);
  mkdirSync(dirname(moduleDir), { recursive: true });
  symlinkSync(await testResolver()(name, version), moduleDir, 'dir');
});
afterAll(() => rmSync(piecesDir, { recursive: true, force: true }));

/** A parent that records the calls it gets and answers each with a marker. */
function recordingParent() {
  const calls: PieceRunRequest[] = [];
  const parent: PieceRunner = {
    run: async (request) => {
      calls.push(request);
      return { status: 'SUCCEEDED', output: 'from the parent' };
    },
  };
  return { parent, calls };
}

function request(piece: readonly [string, string], action: string, input: Record<string, unknown> = {}) {
  // What the engine passes: the run host's services (the URLs and allow list come from the runner).
  const { services, entries } = testServices();
  const { store, files, connections, now } = services;
  const engineServices = { store, files, connections, now };
  return { request: { ...actionRequest(piece, action, input), services: engineServices }, entries };
}

function threadRunner(settings: Partial<ThreadPieceSettings> = {}) {
  const { parent, calls } = recordingParent();
  const runner = createThreadPieceRunner(parent, { piecesDir, urls, ssrfAllowList: [], ...settings });
  return { runner, calls };
}

describe('createThreadPieceRunner', () => {
  it("hands the tables piece to the parent, whose thread holds the server's tables", async () => {
    const { runner, calls } = threadRunner();
    const tables = ['@activepieces/piece-tables', '0.2.8'] as const;
    const call = request(tables, 'tables-get-record', { table_id: 'people', record_id: 'r1' });
    expect(await runner.run(call.request)).toEqual({ status: 'SUCCEEDED', output: 'from the parent' });
    expect(calls.map((made) => made.actionName)).toEqual(['tables-get-record']);
  });

  it('runs a built-in piece here, through the props pipeline', async () => {
    const { runner, calls } = threadRunner();
    const call = request(math, 'addition_math', { first_number: '1.5', second_number: 2 });
    expect(await runner.run(call.request)).toEqual({ status: 'SUCCEEDED', output: 3.5 });
    expect(
      await runner.run(request(math, 'addition_math', { first_number: 'x', second_number: 1 }).request),
    ).toEqual({ status: 'FAILED', message: '{"first_number":["Expected number, received: x"]}' });
    expect(calls).toEqual([]);
  });

  it("gives a built-in the request's services (the store of the run's host)", async () => {
    const { runner, calls } = threadRunner();
    const store = ['@activepieces/piece-store', '0.6.19'] as const;
    const call = request(store, 'put', { key: 'k', value: 'v', store_scope: 'COLLECTION' });
    expect(await runner.run(call.request)).toMatchObject({ status: 'SUCCEEDED' });
    expect([...call.entries.values()]).toEqual(['v']);
    expect(calls).toEqual([]);
  });

  it.each([
    ['an npm version of a built-in that is installed in piecesDir', REAL_PIECES.store, {}],
    ['a piece that is neither installed nor built in', ['@acme/piece-unknown', '1.0.0'] as const, {}],
    [
      'an unknown piece without a pieces directory',
      ['@acme/piece-unknown', '1.0.0'] as const,
      { piecesDir: undefined },
    ],
  ])('hands %s to the parent', async (_, piece, settings) => {
    const { runner, calls } = threadRunner(settings);
    const call = request(piece, 'put', { key: 'k', value: 'v' });
    expect(await runner.run(call.request)).toEqual({ status: 'SUCCEEDED', output: 'from the parent' });
    expect(calls).toEqual([call.request]);
    expect(call.entries.size).toBe(0);
  });

  describe("a built-in's outbound requests", () => {
    let server: Awaited<ReturnType<typeof startLocalServer>>;
    beforeAll(async () => {
      server = await startLocalServer(() => ({ body: 'reached' }));
    });
    afterEach(() => server.requests.splice(0));
    afterAll(() => server.close());

    it.each([
      ['are refused on loopback when ssrfAllowList omits it', [], 'FAILED', 0],
      ['reach an address ssrfAllowList names', ['127.0.0.1/32'], 'SUCCEEDED', 1],
    ])('%s', async (_, ssrfAllowList, status, reached) => {
      const { runner } = threadRunner({ ssrfAllowList });
      const http = ['@activepieces/piece-http', '0.9.0'] as const;
      const call = request(http, 'send_request', { method: 'GET', url: `${server.url}/x` });
      expect(await runner.run(call.request)).toMatchObject({ status });
      expect(server.requests).toHaveLength(reached);
    });
  });
});
