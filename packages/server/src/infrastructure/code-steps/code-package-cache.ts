/**
 * The server's code bundler (the engine's `CodeBundler`): installs a code step's npm
 * dependencies once per set of dependencies, bundles it once per (dependencies, code), and keeps
 * both on disk under AP_CONFIG_PATH so that later runs, other threads and restarts reuse them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodeBundleOutcome, CodeBundler, CodeSource, LogSink } from '@piecework/engine';
import { readCodeDependencies, type CodeDependencies } from '@piecework/shared';
import { bundleCodeStep } from './bundle-code-step';
import { CodePackagesInstallError, installCodePackages } from './install-code-packages';

/** Changes when the bundle format does: bundles of an older format are made again. */
const BUNDLE_FORMAT = 'iife-browser-es2022-v1';

/** Options of {@link CodePackageCache}. */
export interface CodePackageCacheOptions {
  /** The cache folder (the server uses `<AP_CONFIG_PATH>/code-packages`). */
  dir: string;
  /** How long one `npm install` may take, in ms (npm is then killed and the step fails). Default 120 000. */
  installTimeoutMs?: number;
  /**
   * How many `npm install`s run at once (more wait their turn; the deadline counts from the
   * start of each). Default 2.
   */
  maxConcurrentInstalls?: number;
  /** Where installs and failures are logged. Default: nowhere. */
  log?: LogSink;
}

/**
 * Folders: `installs/<sha256 of the normalized dependencies>/` (package.json, package-lock.json,
 * node_modules) and `bundles/<sha256 of format, dependencies and code>.js`. Within the process
 * one install per dependency set and one bundle per source is made at a time (single-flight:
 * concurrent steps wait for the same one), and at most `maxConcurrentInstalls` npm processes
 * run at once; a failed install or bundle is not kept, so the next
 * attempt tries again. npm reads its registry and credentials from its own configuration
 * (`npm_config_registry`, `.npmrc`).
 */
export class CodePackageCache implements CodeBundler {
  readonly #installsDir: string;
  readonly #bundlesDir: string;
  readonly #installTimeoutMs: number;
  readonly #log: LogSink | undefined;
  readonly #installing = new Map<string, Promise<string>>();
  readonly #bundling = new Map<string, Promise<CodeBundleOutcome>>();
  readonly #maxConcurrentInstalls: number;
  #runningInstalls = 0;
  readonly #waitingInstalls: (() => void)[] = [];

  constructor(options: CodePackageCacheOptions) {
    this.#installsDir = join(options.dir, 'installs');
    this.#bundlesDir = join(options.dir, 'bundles');
    this.#installTimeoutMs = options.installTimeoutMs ?? 120_000;
    this.#log = options.log;
    this.#maxConcurrentInstalls = options.maxConcurrentInstalls ?? 2;
  }

  /** The bundle of `source` (see the class comment), or why there is none, as the step's error. */
  async bundle(source: CodeSource): Promise<CodeBundleOutcome> {
    const read = readCodeDependencies(source.packageJson);
    if (!read.ok) return { ok: false, message: read.message };
    const { dependencies } = read;
    const key = sha256(JSON.stringify([BUNDLE_FORMAT, dependencies, source.code]));
    return singleFlight(this.#bundling, key, () => this.#bundleOnce(key, source.code, dependencies));
  }

  async #bundleOnce(key: string, code: string, dependencies: CodeDependencies): Promise<CodeBundleOutcome> {
    const file = join(this.#bundlesDir, `${key}.js`);
    const kept = await readFile(file, 'utf8').catch(() => undefined);
    if (kept !== undefined) return { ok: true, bundle: kept };
    let installDir: string;
    try {
      installDir = await this.#install(dependencies);
    } catch (error) {
      if (!(error instanceof CodePackagesInstallError)) throw error;
      this.#log?.log('warn', 'Installing the npm packages of a code step failed', { reason: error.message });
      return { ok: false, message: error.message };
    }
    const outcome = await bundleCodeStep(code, installDir, dependencies);
    if (outcome.ok) await writeAtomically(this.#bundlesDir, file, outcome.bundle);
    return outcome;
  }

  #install(dependencies: CodeDependencies): Promise<string> {
    const key = sha256(JSON.stringify(dependencies));
    return singleFlight(this.#installing, key, async () => {
      await mkdir(this.#installsDir, { recursive: true });
      await this.#takeInstallSlot();
      const startedAt = Date.now();
      try {
        const dir = await installCodePackages(this.#installsDir, key, dependencies, this.#installTimeoutMs);
        this.#log?.log('debug', 'Code step npm packages ready', { dependencies, ms: Date.now() - startedAt });
        return dir;
      } finally {
        this.#releaseInstallSlot();
      }
    });
  }

  #takeInstallSlot(): Promise<void> {
    if (this.#runningInstalls < this.#maxConcurrentInstalls) {
      this.#runningInstalls++;
      return Promise.resolve();
    }
    // The slot passes straight from the install that frees it (the count stays the same).
    return new Promise((resolve) => this.#waitingInstalls.push(resolve));
  }

  #releaseInstallSlot(): void {
    const next = this.#waitingInstalls.shift();
    if (next) next();
    else this.#runningInstalls--;
  }
}

/** Runs `make` for `key` unless a call for it is under way, whose promise is shared instead. */
function singleFlight<T>(flights: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  const running = flights.get(key);
  if (running) return running;
  const flight = make().finally(() => flights.delete(key));
  flights.set(key, flight);
  return flight;
}

async function writeAtomically(dir: string, file: string, content: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
