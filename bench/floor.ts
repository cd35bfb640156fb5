/** Starting the webhook bench's floor (`bench/floor-server.ts`) as a process of its own. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../packages/server/src/testing/server-process';

/** A running floor server: where it answers, and how to stop it. */
export interface FloorServer {
  origin: string;
  /** Its process id (for its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the floor server with its SQLite file in `dir`; resolves once it listens. Use it beside
 * any bench of the webhook -> 10-step flow -> sync answer path, to print figures as ratios to it.
 */
export async function startFloorServer(dir: string): Promise<FloorServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/floor-server.ts', String(port), join(dir, 'floor.sqlite')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((listening, failed) => {
    child.stdout.once('data', () => listening());
    child.once('exit', (code) => failed(new Error(`the floor server exited ${String(code)}`)));
  });
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
    },
  };
}
