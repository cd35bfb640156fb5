import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadServerSettings } from '../infrastructure/config/server-settings';
import { createServer } from '../create-server';
import { runStartCommand } from './start-command';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-start-'));
  dirs.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

function collector() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: (env: Record<string, string>) => ({
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      env,
    }),
  };
}

describe('piecework start', () => {
  it.each([
    ['AP_PORT', 'not-a-port'],
    ['AP_LOG_LEVEL', 'loud'],
    ['AP_JWT_SECRET', 'short'],
  ])('stops with a message naming %s when its value is invalid', async (name, value) => {
    const { err, io } = collector();
    const result = await runStartCommand(io({ AP_CONFIG_PATH: tempDir(), [name]: value }));
    expect(result).toBe(1);
    expect(err.join('\n')).toContain(name);
    if (name === 'AP_JWT_SECRET') expect(err.join('\n')).not.toContain(value);
  });

  it('listens on AP_PORT, keeps its data under AP_CONFIG_PATH and says what to do next', async () => {
    const { out, io } = collector();
    const dataDir = tempDir();
    const port = await freePort();
    const started = await runStartCommand(
      io({ AP_CONFIG_PATH: dataDir, AP_PORT: String(port), AP_LOG_LEVEL: 'silent' }),
    );
    if (typeof started === 'number') throw new Error('start failed');
    try {
      expect(out[0]).toBe(`Piecework is listening on http://127.0.0.1:${String(port)}`);
      expect(out.join('\n')).toContain(join(dataDir, 'piecework.db'));
      // With the web app built (npm run build), the next step is the browser; without, the API.
      expect(out.join('\n')).toContain(
        started.server.servesWebApp
          ? `open http://127.0.0.1:${String(port)} in your browser`
          : '/api/v1/authentication/sign-up',
      );
      const health = await fetch(`http://127.0.0.1:${String(port)}/api/v1/health`);
      expect(await health.json()).toEqual({ status: 'OK' });
    } finally {
      await started.server.close();
    }
  });

  it.each([
    ['every IPv4 address (the default)', undefined, 'http://127.0.0.1:'],
    ['loopback IPv4', '127.0.0.1', 'http://127.0.0.1:'],
    ['loopback IPv6', '::1', 'http://[::1]:'],
    ['every IPv6 address', '::', 'http://[::1]:'],
  ])(
    'answers the URL it really listens on when bound to %s, with the port it got',
    async (_, host, prefix) => {
      const settings = loadServerSettings({ AP_CONFIG_PATH: tempDir(), AP_LOG_LEVEL: 'silent' });
      const server = await createServer({ settings });
      try {
        const url = await server.listen({ port: 0, ...(host === undefined ? {} : { host }) });
        expect(url).toMatch(new RegExp(`^${prefix.replace(/[.[\]]/g, '\\$&')}[1-9]\\d*$`));
        const health = await fetch(`${url}/api/v1/health`);
        expect(await health.json()).toEqual({ status: 'OK' });
      } finally {
        await server.close();
      }
    },
  );

  it('refuses to start a second server on a data directory in use, saying so, and leaves the first serving', async () => {
    const dataDir = tempDir();
    const first = collector();
    const started = await runStartCommand(
      first.io({ AP_CONFIG_PATH: dataDir, AP_PORT: String(await freePort()), AP_LOG_LEVEL: 'silent' }),
    );
    if (typeof started === 'number') throw new Error('start failed');
    try {
      const second = collector();
      const result = await runStartCommand(
        second.io({ AP_CONFIG_PATH: dataDir, AP_PORT: String(await freePort()), AP_LOG_LEVEL: 'silent' }),
      );
      expect(result).toBe(1);
      expect(second.err.join('\n')).toContain(
        `piecework: cannot start: The database file ${join(dataDir, 'piecework.db')} is in use by another process`,
      );
      const health = await fetch(`${started.url}/api/v1/health`);
      expect(health.status).toBe(200);
    } finally {
      await started.server.close();
    }
  }, 20_000);

  it('stops with the reason when its port is taken', async () => {
    const taken = createNetServer();
    const port = await new Promise<number>((done) =>
      taken.listen(0, () => done((taken.address() as { port: number }).port)),
    );
    try {
      const { err, io } = collector();
      const result = await runStartCommand(
        io({ AP_CONFIG_PATH: tempDir(), AP_PORT: String(port), AP_LOG_LEVEL: 'silent' }),
      );
      expect(result).toBe(1);
      expect(err.join('\n')).toMatch(/^piecework: cannot start: .*EADDRINUSE/);
    } finally {
      taken.close();
    }
  });

  it('runs as the `piecework` command and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'start'], {
      cwd: repoRoot,
      env: { ...process.env, AP_CONFIG_PATH: tempDir(), AP_PORT: String(port), AP_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 20_000, interval: 50 }).toContain('listening');
    const health = await fetch(`http://127.0.0.1:${String(port)}/api/v1/health`);
    expect(health.status).toBe(200);
    const exit = new Promise<number | null>((done) => child.on('exit', done));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 30_000);
});
