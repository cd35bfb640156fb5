/**
 * `npm run pieces:snapshot`: writes the catalogue snapshot the server ships,
 * `packages/server/catalogue/pieces-snapshot.json.gz` (gzipped JSON):
 *
 * ```json
 * { "generatedAt": "<ISO>", "source": "<registry url>",
 *   "pieces": [ <PieceMetadata as NpmPieceHost.metadata returns it, plus packageType and pieceType> ],
 *   "unavailable": [ { "name", "version", "reason", "displayName"?, "description"?, "logoUrl"? } ] }
 * ```
 *
 * For every `@activepieces/piece-*` package of the registry npm is configured with: the newest
 * version (`npm view <name> version`, the `latest` tag), installed into a temporary pieces
 * directory with the server's own {@link installPiece}, its metadata loaded in the isolated piece
 * host ({@link NpmPieceHost}) and checked against the `PieceMetadata` schema. A package that cannot
 * be installed, loaded or validated goes to `unavailable` with the reason in one sentence. A few
 * packages at a time ({@link SnapshotOptions.concurrency}), each under a deadline.
 *
 * Names come from the registry's search endpoint (`/-/v1/search?text=scope:activepieces`, paged);
 * for a registry without it (a mirror answering 404), pass `--names-file FILE`: one name a line, or
 * a TSV whose first column is the name; only `@activepieces/piece-*` names are kept.
 *
 * Options: `--pieces-dir DIR` (default `<tmp>/piecework-pieces-snapshot/pieces`, reused between
 * runs and by `scripts/probe-registry-pieces.ts`), `--out FILE`, `--concurrency N` (default 3),
 * `--timeout-seconds N` per package (default 300), `--names-file FILE`, `--only a,b` (names, with or
 * without the `@activepieces/piece-` prefix). npm's cache defaults to `<tmp>/piecework-pieces-snapshot/npm-cache`
 * (set `npm_config_cache` to choose another).
 *
 * Run: `npm run pieces:snapshot -- [options]` (takes a while: one npm install per package).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  createPieceResolver,
  installPiece,
  NpmPieceHost,
  PieceInstallError,
  type NpmPieceMetadata,
} from '../packages/pieces/src/index';
import { PieceMetadata } from '../packages/shared/src/index';

const run = promisify(execFile);

/** Where the repository is. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The snapshot file the server ships. */
export const SNAPSHOT_FILE = join(repoRoot, 'packages/server/catalogue/pieces-snapshot.json.gz');

/** The working folder shared by this script and the probe (installs and npm cache). */
export const WORK_DIR = join(tmpdir(), 'piecework-pieces-snapshot');

/** Names of the catalogue's packages start with this. */
export const PIECE_PREFIX = '@activepieces/piece-';

/** A piece the snapshot lists as runnable: its metadata as the host loaded it, with how it is obtained. */
export type SnapshotPiece = NpmPieceMetadata & { packageType: 'REGISTRY'; pieceType: 'OFFICIAL' };

/** A package the snapshot lists as not runnable here, and why. */
export interface UnavailablePiece {
  name: string;
  version: string;
  /** One sentence: why it cannot be installed or loaded here. */
  reason: string;
  displayName?: string;
  description?: string;
  logoUrl?: string;
}

/** The snapshot file's content (before gzip). */
export interface PiecesSnapshot {
  generatedAt: string;
  source: string;
  pieces: SnapshotPiece[];
  unavailable: UnavailablePiece[];
}

/** Command-line options shared by this script and the probe. */
export interface SnapshotOptions {
  piecesDir: string;
  out: string;
  concurrency: number;
  timeoutMs: number;
  namesFile: string | undefined;
  only: string[] | undefined;
}

/** Parses `--name value` options (see the module comment). */
export function parseOptions(argv: readonly string[]): SnapshotOptions {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    if (at === -1) return undefined;
    const given = argv[at + 1];
    if (given === undefined || given.startsWith('--')) throw new Error(`${flag} needs a value`);
    return given;
  };
  const number = (flag: string, fallback: number) => {
    const given = value(flag);
    if (given === undefined) return fallback;
    const parsed = Number(given);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${flag} must be a positive integer`);
    return parsed;
  };
  const only = value('--only');
  return {
    piecesDir: resolve(value('--pieces-dir') ?? join(WORK_DIR, 'pieces')),
    out: resolve(value('--out') ?? SNAPSHOT_FILE),
    concurrency: number('--concurrency', 3),
    timeoutMs: number('--timeout-seconds', 300) * 1000,
    namesFile: value('--names-file'),
    only: only
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => (name.startsWith('@') ? name : `${PIECE_PREFIX}${name}`)),
  };
}

/** Gives npm a private cache (unless one is chosen) so installs neither use nor fill the user's. */
export function usePrivateNpmCache(): string {
  process.env.npm_config_cache ??= join(WORK_DIR, 'npm-cache');
  process.env.npm_config_update_notifier = 'false';
  return process.env.npm_config_cache;
}

/** The registry npm is configured with, with a trailing `/`. */
export async function npmRegistry(): Promise<string> {
  const { stdout } = await run('npm', ['config', 'get', 'registry']);
  const url = stdout.trim() || 'https://registry.npmjs.org/';
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Every `@activepieces/piece-*` name: from the registry's search endpoint (paged by 250), or, when
 * a names file is given, from that file (the search endpoint is not asked then).
 */
export async function listPieceNames(registry: string, options: SnapshotOptions): Promise<string[]> {
  let names: string[];
  if (options.namesFile !== undefined) {
    names = readFileSync(options.namesFile, 'utf8')
      .split('\n')
      .map((line) => line.split('\t')[0]!.trim());
  } else {
    names = [];
    for (let from = 0; ; from += 250) {
      const url = `${registry}-/v1/search?text=scope:activepieces&size=250&from=${from}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      if (!response.ok) {
        throw new Error(
          `The registry's search endpoint answered ${response.status} (${url}); pass --names-file FILE with the names instead`,
        );
      }
      const page = (await response.json()) as { objects?: { package?: { name?: string } }[]; total?: number };
      const objects = page.objects ?? [];
      names.push(...objects.map((object) => object.package?.name ?? ''));
      if (objects.length < 250 || (page.total !== undefined && from + 250 >= page.total)) break;
    }
  }
  const pieces = [...new Set(names.filter((name) => name.startsWith(PIECE_PREFIX)))].sort();
  return options.only ? pieces.filter((name) => options.only!.includes(name)) : pieces;
}

/** What `npm view` says of a package's newest version (the `latest` tag). */
export interface RegistryVersion {
  version: string;
  description?: string;
  dependencies?: Record<string, string>;
}

/** The newest version of a package (`npm view <name> version description dependencies`). */
export async function newestVersion(name: string): Promise<RegistryVersion> {
  const { stdout } = await run('npm', ['view', name, 'version', 'description', 'dependencies', '--json'], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: 120_000,
  });
  const parsed = JSON.parse(stdout) as RegistryVersion | string;
  return typeof parsed === 'string' ? { version: parsed } : parsed;
}

/** The host the metadata is loaded in: pieces from `piecesDir` only. */
export function createHost(piecesDir: string, poolSize: number, callTimeoutMs = 120_000): NpmPieceHost {
  return new NpmPieceHost({
    resolvePiece: createPieceResolver({ piecesDir, searchNodeModules: false }),
    poolSize,
    callTimeoutMs,
    startupTimeoutMs: 60_000,
  });
}

/** How one package ended: its metadata, or why not (`stage` says where it stopped). */
export type PieceOutcome =
  | { name: string; version: string; ok: true; metadata: NpmPieceMetadata; registry: RegistryVersion }
  | {
      name: string;
      version: string;
      ok: false;
      stage: 'lookup' | 'install' | 'load' | 'schema' | 'timeout';
      reason: string;
      registry?: RegistryVersion;
    };

/**
 * One package, as the server would take it: newest version, {@link installPiece} into
 * `piecesDir` (an installed version is reused), metadata from the host, checked against
 * `PieceMetadata`. Never throws.
 */
export async function loadPiece(
  name: string,
  piecesDir: string,
  host: NpmPieceHost,
  timeoutMs: number,
): Promise<PieceOutcome> {
  let version = '';
  let registry: RegistryVersion | undefined;
  const work = async (): Promise<PieceOutcome> => {
    try {
      registry = await newestVersion(name);
      version = registry.version;
    } catch (error) {
      return {
        name,
        version,
        ok: false,
        stage: 'lookup',
        reason: sentence(`npm view failed: ${npmError(error)}`),
      };
    }
    try {
      await installPiece(`${name}@${version}`, piecesDir);
    } catch (error) {
      const detail = error instanceof PieceInstallError ? npmError({ stderr: error.message }) : String(error);
      return {
        name,
        version,
        ok: false,
        stage: 'install',
        reason: sentence(`npm could not install it: ${detail}`),
        registry,
      };
    }
    host.forget(name, version);
    let metadata: NpmPieceMetadata;
    try {
      metadata = await host.metadata(name, version);
    } catch (error) {
      return { name, version, ok: false, stage: 'load', reason: loadFailure(error), registry };
    }
    const problem = schemaProblem(metadata);
    if (problem !== undefined)
      return { name, version, ok: false, stage: 'schema', reason: problem, registry };
    return { name, version, ok: true, metadata, registry: registry! };
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PieceOutcome>((done) => {
    timer = setTimeout(
      () =>
        done({
          name,
          version,
          ok: false,
          stage: 'timeout',
          reason: `Installing and loading it took longer than ${timeoutMs / 1000} s.`,
          ...(registry ? { registry } : {}),
        }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why metadata fails the `PieceMetadata` schema, in one sentence (undefined when it passes). */
export function schemaProblem(metadata: unknown): string | undefined {
  const checked = PieceMetadata.safeParse(metadata);
  if (checked.success) return undefined;
  const issue = deepestIssue(checked.error.issues as ZodIssueLike[], []);
  const where = issue.path.join('.') || '(root)';
  const received = valueAt(metadata, issue.path);
  const got = received === undefined ? '' : `, received ${JSON.stringify(received)?.slice(0, 60)}`;
  return sentence(
    `Its metadata does not match the PieceMetadata schema at ${where}: ${issue.message.replace(/: expected one of .*/, '')}${got}`,
  );
}

/** The parts of a zod issue used here (unions carry their branches' issues in `errors`). */
interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  errors?: ZodIssueLike[][];
}

/** The issue that got furthest into the value (through union branches), with its full path. */
function deepestIssue(issues: readonly ZodIssueLike[], prefix: PropertyKey[]): ZodIssueLike {
  let best: ZodIssueLike = { ...issues[0]!, path: [...prefix, ...issues[0]!.path] };
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const candidates =
      issue.code === 'invalid_union' && issue.errors
        ? issue.errors.filter((branch) => branch.length > 0).map((branch) => deepestIssue(branch, path))
        : [{ ...issue, path }];
    for (const candidate of candidates) if (candidate.path.length > best.path.length) best = candidate;
  }
  return best;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Runs `task` over `items`, at most `concurrency` at a time, keeping the items' order in the result. */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The labels of an unavailable package that its package.json (or `npm view`) gives. */
export function labelsOf(outcome: PieceOutcome, piecesDir: string): Partial<UnavailablePiece> {
  const manifest = readManifest(piecesDir, outcome.name, outcome.version);
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const labels: Partial<UnavailablePiece> = {};
  const displayName = text(manifest?.displayName);
  const description = text(manifest?.description) ?? text(outcome.registry?.description);
  const logoUrl = text(manifest?.logoUrl);
  if (displayName) labels.displayName = displayName;
  if (description) labels.description = description;
  if (logoUrl) labels.logoUrl = logoUrl;
  return labels;
}

/** The installed package.json of a version, if it is installed. */
export function readManifest(
  piecesDir: string,
  name: string,
  version: string,
): Record<string, unknown> | undefined {
  const file = join(piecesDir, `${name.replace('/', '__')}@${version}`, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The snapshot of some outcomes: pieces and unavailable ones, each sorted by name. */
export function buildSnapshot(
  outcomes: readonly PieceOutcome[],
  source: string,
  piecesDir: string,
): PiecesSnapshot {
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  const pieces = outcomes
    .filter((outcome) => outcome.ok)
    .map((outcome) => ({
      ...outcome.metadata,
      packageType: 'REGISTRY' as const,
      pieceType: 'OFFICIAL' as const,
    }))
    .sort(byName);
  const unavailable = outcomes
    .filter((outcome) => !outcome.ok)
    .map((outcome) => ({
      name: outcome.name,
      version: outcome.version,
      reason: outcome.reason,
      ...labelsOf(outcome, piecesDir),
    }))
    .sort(byName);
  return { generatedAt: new Date().toISOString(), source, pieces, unavailable };
}

/** Why the host could not load a piece, in one sentence. */
function loadFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return sentence(`The piece host could not load it: ${message}`);
}

/** The npm error lines of a failed npm command (or its message), without npm's log-file note. */
function npmError(error: unknown): string {
  const text = (error as { stderr?: string }).stderr ?? String(error);
  const lines = text
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter((line) => line !== '' && !/complete log of this run/i.test(line));
  return lines.slice(0, 3).join(' ');
}

/** One line, at most 400 characters, ending with a full stop. */
export function sentence(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const short = line.length > 400 ? `${line.slice(0, 397)}...` : line;
  return /[.!?]$/.test(short) ? short : `${short}.`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const cache = usePrivateNpmCache();
  const registry = await npmRegistry();
  const names = await listPieceNames(registry, options);
  log(
    `${names.length} packages from ${options.namesFile ?? registry}; pieces in ${options.piecesDir}, npm cache ${cache}`,
  );
  mkdirSync(options.piecesDir, { recursive: true });
  const host = createHost(options.piecesDir, options.concurrency);
  let done = 0;
  const outcomes = await mapBounded(names, options.concurrency, async (name) => {
    const pieceStarted = Date.now();
    const outcome = await loadPiece(name, options.piecesDir, host, options.timeoutMs);
    done++;
    const took = ((Date.now() - pieceStarted) / 1000).toFixed(1);
    log(
      `[${done}/${names.length}] ${name}@${outcome.version} ${outcome.ok ? 'ok' : `UNAVAILABLE (${outcome.stage}): ${outcome.reason}`} (${took} s)`,
    );
    return outcome;
  });
  await host.close();
  const snapshot = buildSnapshot(outcomes, registry, options.piecesDir);
  const json = JSON.stringify(snapshot);
  const gz = gzipSync(json, { level: 9 });
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, gz);
  log(
    `wrote ${options.out}: ${snapshot.pieces.length} pieces, ${snapshot.unavailable.length} unavailable; ` +
      `${gz.length} bytes gzipped, ${Buffer.byteLength(json)} bytes raw; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
