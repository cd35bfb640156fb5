import { FlowEngine, createMemoryHost, type RunResult } from '@piecework/engine';
import { flow, pieceAction } from '@piecework/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PIECES } from '../builtin';
import { NpmPieceHost } from '../npm/npm-piece-host';
import { FIXTURES, testResolver } from '../npm/testing/fixture-pieces';
import { createPieceRunner } from './create-piece-runner';
import { startHoldingServer } from './testing/holding-server';

let server: Awaited<ReturnType<typeof startHoldingServer>>;
let npm: NpmPieceHost;
const services = {
  urls: { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/' },
  ssrfAllowList: ['127.0.0.1/32'],
};

beforeAll(async () => {
  server = await startHoldingServer();
  npm = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 1, callTimeoutMs: 60_000 });
});
afterAll(async () => {
  await npm.close();
  await server.close();
});

/** A flow of one piece step `call` (then an `after` step that must never run). */
function oneCall(
  pieceName: string,
  pieceVersion: string,
  actionName: string,
  input: Record<string, unknown>,
) {
  const step = (name: string) => pieceAction(name, pieceName, pieceVersion, actionName, input);
  return flow(step('call'), step('after'));
}

const CALLS = {
  'the built-in HTTP piece': (url: string) =>
    oneCall('@activepieces/piece-http', '0.9.1', 'send_request', { method: 'GET', url }),
  "an npm piece calling pieces-common's httpClient": (url: string) =>
    oneCall(...FIXTURES.network, 'http_client', { url }),
};

function engine(flowTimeoutSeconds: number) {
  const pieces = createPieceRunner({ builtins: BUILTIN_PIECES, npm, services });
  return new FlowEngine({ host: createMemoryHost({ pieces }), options: { flowTimeoutSeconds } });
}

describe('outbound calls end with their run', () => {
  beforeAll(async () => {
    // A warm piece process, so that the call reaches the server well within the deadlines below.
    const warm = await engine(60).execute({
      flowVersion: oneCall(...FIXTURES.network, 'fetch', { url: `${server.url}/fast` }),
      triggerPayload: {},
    });
    expect(warm.steps.call).toMatchObject({ status: 'SUCCEEDED', output: 'fast' });
  });

  it.each(Object.entries(CALLS))(
    '%s: the run passes its deadline, ends TIMEOUT, and the request is closed',
    async (_, makeFlow) => {
      const running = engine(1).execute({ flowVersion: makeFlow(`${server.url}/slow`), triggerPayload: {} });
      const request = await server.next();
      const result: RunResult = await running;
      expect(result).toMatchObject({ status: 'TIMEOUT', failedStep: { name: 'call' } });
      expect(result.steps.after).toBeUndefined();
      await request.closed;
    },
  );

  it.each(Object.entries(CALLS))(
    '%s: the caller aborts the run, which ends FAILED, and the request is closed',
    async (_, makeFlow) => {
      const caller = new AbortController();
      const running = engine(600).execute({
        flowVersion: makeFlow(`${server.url}/slow`),
        triggerPayload: {},
        signal: caller.signal,
      });
      const request = await server.next();
      caller.abort(new Error('canceled'));
      const result = await running;
      expect(result).toMatchObject({ status: 'FAILED', message: 'The run was aborted: canceled' });
      await request.closed;
    },
  );
});
