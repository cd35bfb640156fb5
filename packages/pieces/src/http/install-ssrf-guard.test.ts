import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

interface ProbeReport {
  outcomes: Record<string, string>;
  connections: number;
  message: string | null;
}

/** Runs `testing/guard-probe.ts` in a fresh Node process with the guard installed. */
function probe(allowList: readonly string[]): Promise<ProbeReport> {
  const script = fileURLToPath(new URL('./testing/guard-probe.ts', import.meta.url));
  const cwd = fileURLToPath(new URL('.', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, JSON.stringify(allowList)],
      { cwd, timeout: 15_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`guard probe failed: ${error.message}\n${stderr}`));
        else if (stderr !== '') reject(new Error(`guard probe wrote to stderr:\n${stderr}`));
        else resolve(JSON.parse(stdout) as ProbeReport);
      },
    );
  });
}

const ways = [
  'http.get(url)',
  'http.get, named ESM import',
  'http.request({agent: false})',
  'http.get({host: decimal})',
  'http.get with its own lookup',
  'http.globalAgent.createConnection',
  'http.get with an agent that has its own lookup',
  'https.get(url)',
  'https.get with its own agent',
  'global fetch',
  'global fetch with its own undici dispatcher',
  'net.connect(port, host)',
  'net.createConnection with its own lookup',
  'new net.Socket().connect()',
  'tls.connect',
];
/** Reached over TLS, a plain HTTP server fails the handshake: connected, so not blocked. */
const tlsWays = new Set(['https.get(url)', 'https.get with its own agent', 'tls.connect']);

describe('installSsrfGuard (in a child process)', () => {
  let blocked: ProbeReport;
  let allowed: ProbeReport;

  beforeAll(async () => {
    [blocked, allowed] = await Promise.all([probe([]), probe(['127.0.0.1/32'])]);
  });

  it('blocks every way to 127.0.0.1 before connecting, until uninstalled', () => {
    expect(blocked.outcomes).toEqual({
      ...Object.fromEntries(ways.map((way) => [way, 'blocked'])),
      'http.get(url) after uninstall': 'ok',
    });
    expect(blocked.connections).toBe(0);
    expect(blocked.message).toBe(
      'Request to 127.0.0.1 blocked: loopback address (AP_SSRF_ALLOW_LIST can allow it)',
    );
  });

  it('lets them all through once 127.0.0.1/32 is in the allow list', () => {
    expect(allowed.outcomes).toEqual({
      ...Object.fromEntries(ways.map((way) => [way, tlsWays.has(way) ? 'failed' : 'ok'])),
      'http.get(url) after uninstall': 'ok',
    });
    expect(allowed.connections).toBeGreaterThan(0);
    expect(allowed.message).toBeNull();
  });
});
