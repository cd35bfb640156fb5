/**
 * Installs the npm dependencies of code steps into a content-addressed folder, with npm in a
 * child process (never on the event loop).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CodeDependencies } from '@piecework/shared';

const run = promisify(execFile);

/** Why {@link installCodePackages} failed, as a code step's error message. */
export class CodePackagesInstallError extends Error {
  override readonly name = 'CodePackagesInstallError';
}

/**
 * Installs `dependencies` into `<installsDir>/<key>` unless that folder exists, and returns it.
 * The install is atomic: npm runs in a fresh temporary folder beside it (`npm install
 * --ignore-scripts --no-audit --no-fund --omit=dev`: no install script of any package runs; the
 * `package-lock.json` npm writes, with every tarball's integrity, is kept in the folder), which
 * is renamed into place once npm succeeded; a failure or a deadline past (`timeoutMs`, npm is
 * killed) leaves nothing. Callers make sure one install per key runs at a time in the process;
 * a folder that another process renamed into place first is used as it is.
 *
 * @throws CodePackagesInstallError with npm's own error lines, or saying the deadline passed.
 */
export async function installCodePackages(
  installsDir: string,
  key: string,
  dependencies: CodeDependencies,
  timeoutMs: number,
): Promise<string> {
  const target = join(installsDir, key);
  if (await exists(target)) return target;
  const temp = join(installsDir, `.tmp-${key}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp, { recursive: true });
  try {
    const manifest = { name: 'piecework-code-step', private: true, dependencies };
    await writeFile(join(temp, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    try {
      await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--omit=dev'], {
        cwd: temp,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      throw new CodePackagesInstallError(npmFailureMessage(error, dependencies, timeoutMs));
    }
    try {
      await rename(temp, target);
    } catch (error) {
      // Another process installed the same key first: its folder serves as well.
      if (!(await exists(target))) throw error;
    }
    return target;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

function npmFailureMessage(error: unknown, dependencies: CodeDependencies, timeoutMs: number): string {
  const packages = Object.entries(dependencies)
    .map(([name, range]) => `${name}@${range}`)
    .join(', ');
  const { killed, stderr } = error as { killed?: boolean; stderr?: string };
  if (killed)
    return `Installing the code step's npm packages (${packages}) took longer than ${String(timeoutMs / 1000)} s`;
  const text = stderr ?? '';
  if (/\bE404\b/.test(text)) {
    const missing = /'([^']+)' (?:could not be found|is not in this registry)/.exec(text)?.[1];
    return `Installing the code step's npm packages (${packages}) failed: ${missing ?? 'a package'} is not in the npm registry`;
  }
  // npm's error lines, without codes, URLs (a registry URL may name a private host) and log paths.
  const lines = text
    .split('\n')
    .filter((line) => /^npm (error|ERR!)/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter((line) => line !== '' && !/^code |https?:\/\/|complete log/i.test(line));
  const detail = lines.slice(0, 3).join('; ') || 'npm exited with an error';
  return `Installing the code step's npm packages (${packages}) failed: ${detail}`.slice(0, 1000);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
