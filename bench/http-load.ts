/** What the HTTP benchmarks share: a load run in a second process, and a JSON call to the API. */
import { spawn } from 'node:child_process';
import type { LoadResult, LoadSpec } from './load-generator';
import type { OpenLoopResult, OpenLoopSpec } from './open-loop-load';

/** Runs `bench/load-generator.ts` in its own process for `seconds` (after `warmupSeconds`, default 1). */
export function runLoad(
  spec: Omit<LoadSpec, 'seconds' | 'warmupSeconds'>,
  seconds: number,
  warmupSeconds = 1,
): Promise<LoadResult> {
  const full: LoadSpec = { ...spec, seconds, warmupSeconds };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/load-generator.ts', JSON.stringify(full)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as LoadResult)
        : reject(new Error(`load generator exited ${String(code)}`)),
    );
  });
}

/**
 * Runs `bench/open-loop-load.ts` in its own process: requests at a fixed rate whatever the answers
 * take. Use it where a closed loop would hide a server falling behind (soaks, queue backlogs).
 */
export function runOpenLoad(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/open-loop-load.ts', JSON.stringify(spec)],
      // Its standard input stays open while this process lives: the generator stops when it closes.
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      child.stdin.end();
      if (code === 0) resolve(JSON.parse(output) as OpenLoopResult);
      else reject(new Error(`open-loop load generator exited ${String(code)}`));
    });
  });
}

/** `method /api<path>` with an optional bearer token and JSON body; throws on a non-2xx answer. */
export async function callJson<T>(
  origin: string,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up the benchmarks' user on the server at `origin`; answers its token and project. */
export function signUpBenchUser(origin: string): Promise<{ token: string; projectId: string }> {
  return callJson(origin, 'POST', '/v1/authentication/sign-up', undefined, {
    email: 'bench@example.com',
    password: 'a long bench password',
    firstName: 'Bench',
    lastName: 'Mark',
  });
}
