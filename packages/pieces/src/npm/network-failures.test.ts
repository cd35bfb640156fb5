import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NpmPieceHost } from './npm-piece-host';
import { FIXTURES, testResolver } from './testing/fixture-pieces';
import { startSelfSignedHttpsServer } from './testing/local-https-server';
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
let selfSigned: Awaited<ReturnType<typeof startSelfSignedHttpsServer>>;
let clientCertificateRequired: Awaited<ReturnType<typeof startSelfSignedHttpsServer>>;
const { services } = testServices({ ssrfAllowList: ['127.0.0.1/32', '::1/128'] });
const run = (action: string, url: string) =>
  host.runAction(actionRequest(FIXTURES.network, action, { url }), services);

/**
 * Loads the piece in the pool's process before a call that is meant to time out: a call that
 * timed out replaces its process, and starting one on a busy machine can itself take longer than
 * the short timeout these tests use. Retried until a call ends for a reason other than time.
 */
async function warmPool(): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await run('fetch', `http://127.0.0.1:${port}/`);
    if (!(outcome.status === 'FAILED' && outcome.message.includes('timed out'))) return;
  }
}

beforeAll(async () => {
  port = await closedPort();
  selfSigned = await startSelfSignedHttpsServer();
  clientCertificateRequired = await startSelfSignedHttpsServer({ requireClientCertificate: true });
  host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 1, callTimeoutMs: 1500 });
  // The first call starts the pool's process; on a busy machine that alone can outlast 1.5 s.
  await warmPool();
});
afterAll(async () => {
  await host.close();
  await selfSigned.close();
  await clientCertificateRequired.close();
});

/** pieces-common's HttpError message: only a status 500, whatever went wrong. */
const HTTP_ERROR = String.raw`\{"response":\{"status":500\},"request":\{\}\}`;

describe('the network errors a piece dropped are added to its step error', () => {
  it.each([
    [
      'a refused connection (pieces-common httpClient)',
      'http_client',
      () => `http://127.0.0.1:${port}/`,
      () => new RegExp(`^${HTTP_ERROR} \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)$`),
    ],
    [
      'a host that does not resolve (pieces-common httpClient)',
      'http_client',
      () => 'http://nowhere.invalid/',
      () => new RegExp(`^${HTTP_ERROR} \\(getaddrinfo (ENOTFOUND|EAI_AGAIN) nowhere\\.invalid\\)$`),
    ],
    [
      'a TLS handshake the server ends (pieces-common httpClient, which accepts any certificate)',
      'http_client',
      () => clientCertificateRequired.url,
      () => new RegExp(`^${HTTP_ERROR} \\(SSL routines: tlsv13 alert certificate required\\)$`),
    ],
    [
      'a self-signed certificate (a piece that throws its own error)',
      'opaque_https',
      () => selfSigned.url,
      () => /^The service could not be reached \(self-signed certificate\)$/,
    ],
    [
      'an address the SSRF filter refuses (pieces-common httpClient)',
      'http_client',
      () => 'http://10.0.0.1/',
      () =>
        new RegExp(
          `^${HTTP_ERROR} \\(Request to 10\\.0\\.0\\.1 blocked: private address \\(AP_SSRF_ALLOW_LIST can allow it\\)\\)$`,
        ),
    ],
  ])('%s', async (_, action, url, message) => {
    const outcome = await run(action, url());
    expect(outcome.status).toBe('FAILED');
    expect(outcome.status === 'FAILED' && outcome.message).toMatch(message());
  });

  it("a failure that names its cause is left as it is, and a later call does not carry an earlier call's errors", async () => {
    await run('http_client', `http://127.0.0.1:${port}/`);
    const outcome = await run('fetch', 'http://nowhere.invalid/');
    expect(outcome.status === 'FAILED' && outcome.message).toMatch(
      /^fetch failed: getaddrinfo (ENOTFOUND|EAI_AGAIN) nowhere\.invalid$/,
    );
    expect(await run('opaque_https', selfSigned.url.replace('https:', 'http:'))).toMatchObject({
      status: 'FAILED',
      message: expect.not.stringContaining('ENOTFOUND') as unknown,
    });
  });
});

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
    await warmPool();
    const outcome = await run('retry_forever', `http://127.0.0.1:${port}/`);
    expect(outcome).toEqual({
      status: 'FAILED',
      message: `Piece @fixtures/piece-network timed out after 1.5 s; its last error output: [WARN] http request failed connect ECONNREFUSED 127.0.0.1:${port}`,
    });
  });

  it('a call that never answers after a failed request times out naming that failure', async () => {
    await warmPool();
    const outcome = await run('swallow_and_hang', `http://127.0.0.1:${port}/`);
    expect(outcome).toEqual({
      status: 'FAILED',
      message: `Piece @fixtures/piece-network timed out after 1.5 s (connect ECONNREFUSED 127.0.0.1:${port})`,
    });
  });
});
