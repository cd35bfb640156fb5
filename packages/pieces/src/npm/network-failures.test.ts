import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NpmPieceHost } from './npm-piece-host';
import { FIXTURES, testResolver } from './testing/fixture-pieces';
import { actionRequest } from './testing/requests';
import { testServices } from './testing/test-services';

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let host: NpmPieceHost;
let port: number;
const { services } = testServices({ ssrfAllowList: ['127.0.0.1/32', '::1/128'] });
const run = (action: string, url: string) =>
  host.runAction(actionRequest(FIXTURES.network, action, { url }), services);

beforeAll(async () => {
  port = await closedPort();
  host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 1, callTimeoutMs: 1500 });
});
afterAll(() => host.close());

describe("an npm piece's network failure is its step's error, with the cause chain", () => {
  it.each([
    [
      'a refused connection (fetch)',
      'fetch',
      () => `http://127.0.0.1:${port}/`,
      () => new RegExp(`^fetch failed: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}`),
    ],
    [
      'an address the SSRF filter refuses (fetch)',
      'fetch',
      () => 'http://10.0.0.1/',
      () => /^fetch failed: Request to 10\.0\.0\.1 blocked: private address/,
    ],
  ])('%s', async (_, action, url, message) => {
    const outcome = await run(action, url());
    expect(outcome.status).toBe('FAILED');
    expect(outcome.status === 'FAILED' && outcome.message).toMatch(message());
  });

  it('a call that never answers because it retries a failing request times out naming the failure it logged', async () => {
    const outcome = await run('retry_forever', `http://127.0.0.1:${port}/`);
    expect(outcome).toEqual({
      status: 'FAILED',
      message: `Piece @fixtures/piece-network timed out after 1.5 s; its last error output: [WARN] http request failed connect ECONNREFUSED 127.0.0.1:${port}`,
    });
  });
});
