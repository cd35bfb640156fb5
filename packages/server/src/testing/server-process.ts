/**
 * The server as a real child process (`piecework start` from sources, or the built bundle), for
 * tests that kill it or check the command users run:
 * start it on a data directory and port, wait until it answers, kill it with any signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';
import { TEST_EDITION_ENV } from './test-edition';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** A running server process. */
export interface ServerProcess {
  readonly url: string;
  readonly apiUrl: string;
  readonly child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Sends `signal` and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** The built standalone `piecework` command (`npm run build` makes it). */
export const BUILT_CLI = resolve(repoRoot, 'packages/server/dist/standalone/cli.js');

/**
 * Starts `piecework start` with its data in `dataDir` on `port`, resolving once it answers health:
 * from sources (through tsx), or with `built` the standalone bundle users run ({@link BUILT_CLI}).
 */
export async function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  options: { built?: boolean } = {},
): Promise<ServerProcess> {
  const command = options.built
    ? [BUILT_CLI, 'start']
    : ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'start'];
  const child = spawn(process.execPath, command, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...TEST_EDITION_ENV,
      AP_CONFIG_PATH: dataDir,
      AP_PORT: String(port),
      AP_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    try {
      const health = await fetch(`${url}/api/v1/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 30 s:\n${output}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url,
    apiUrl: `${url}/api`,
    child,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
