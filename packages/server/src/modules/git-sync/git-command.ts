/**
 * Runs the `git` binary: never through a shell (`spawn` with an argument list), in its own process
 * group so that a call over its time limit is killed with the `ssh` it started, and with an
 * environment of its own (see `GitWorkspace` in `git-workspace.ts`). Answers git's standard
 * output; a failure or a timeout throws a {@link GitCommandError} carrying git's standard error.
 */
import { spawn } from 'node:child_process';

/** How one git call runs. */
export interface GitCall {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
}

/** A git call that failed (`exitCode`) or ran out of time (`timedOut`), with what git wrote to stderr. */
export class GitCommandError extends Error {
  override readonly name = 'GitCommandError';

  constructor(
    readonly command: string,
    readonly stderr: string,
    readonly exitCode: number | null,
    readonly timedOut: boolean,
  ) {
    super(
      timedOut
        ? `git ${command} did not finish in time`
        : `git ${command} failed (${String(exitCode)}): ${stderr.trim()}`,
    );
  }
}

/** Most a git call may write to stdout or stderr; more is a failure, not a memory problem. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** Runs `git <args>`; answers its stdout (see the module comment). */
export function runGit(args: readonly string[], call: GitCall): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: call.cwd,
      env: call.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) killGroup();
      else into.push(chunk);
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, call.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const command = args.find((arg) => !arg.startsWith('-') && !arg.includes('=')) ?? 'git';
      if (code === 0 && !timedOut) resolve(Buffer.concat(stdout).toString('utf8'));
      else reject(new GitCommandError(command, Buffer.concat(stderr).toString('utf8'), code, timedOut));
    });
  });
}
