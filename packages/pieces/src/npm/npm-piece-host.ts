import type { LogSink, PieceRunOutcome, PieceRunRequest, RunInfo } from '@piecework/engine';
import type { PieceServices } from '../context/piece-services';
import type { PropertyOutcome, PropertyRequest } from '../properties/evaluate-property';
import { ChildPool } from './child-pool';
import { cleanEnv } from './clean-env';
import { errorMessage } from '../errors/error-message';
import { InstalledVersions } from './installed-versions';
import { withNetworkCauses } from './network-causes';
import { ChildCallFailure, PieceChild } from './piece-child';
import type { NpmPieceMetadata } from './piece-metadata';
import { resolveProcessScript } from './process-script';
import type { ChildCommand, ServicesSnapshot } from './protocol';
import { createPieceResolver, type PieceResolver } from './resolve-piece';
import type { AppEventOutcome, AppEventRequest } from '../triggers/app-event';
import type { ActionRunRequest, TriggerRunOutcome, TriggerRunRequest } from '../triggers/trigger-request';

/** Options of {@link NpmPieceHost}; each has a default. */
export interface NpmPieceHostOptions {
  /** Finds an exact version's module folder. Default: {@link createPieceResolver}`()` (node_modules from the cwd up). */
  resolvePiece?: PieceResolver;
  /** Piece processes kept warm, each running one call at a time. Default: 2. */
  poolSize?: number;
  /** Hard deadline of one call; past it the process is killed. Default: 30 000 ms. */
  callTimeoutMs?: number;
  /**
   * When an action call of run `run` must have ended (ms since the epoch), if that comes before
   * `callTimeoutMs`: a server passes the deadline of a `/sync` caller waiting for the run, so
   * that a piece that keeps retrying fails its step (with its cause) while the caller still
   * waits for the answer, instead of outliving it (the caller would get a bare 204). A deadline
   * already passed is ignored. Default: none.
   */
  callDeadline?: (run: RunInfo) => number | undefined;
  /** How long a call waits for a new process to start, before its own deadline starts. Default: 15 000 ms. */
  startupTimeoutMs?: number;
  /** `--max-old-space-size` of each process. Default: 512 MB. */
  maxOldSpaceMb?: number;
  /** The piece process's script. Default: the package's own `piece-process` entry. */
  processScript?: string | URL;
  /** Variables added to the processes' clean environment (PATH, HOME, TMPDIR, LANG, TZ). Default: none. */
  env?: Record<string, string>;
  /** Where the processes' stdout (info) and stderr (warn) lines go. Default: dropped. */
  log?: LogSink;
  /**
   * How long {@link NpmPieceHost.has} trusts that a version is NOT installed before looking again,
   * in ms (a version found stays found: an installed version folder never changes). Keeps a flow
   * of built-in pieces from touching the disk on every step; a piece added while the server runs
   * is seen after at most this long. Default: 1 000 ms.
   */
  missingRecheckMs?: number;
}

/**
 * Runs UNMODIFIED npm pieces (`@activepieces/piece-*`) outside the host's process: a warm pool
 * of child processes, each with a heap cap, a clean environment and the SSRF filter under every
 * outbound connection. The services of a call (store, files, connections, flows) stay in the
 * host and are called over IPC. Each call has a hard deadline: past it, or when the process
 * crashes, the process is killed and replaced, and only that call fails ("Piece x timed out
 * after 30 s; its last error output: <the last stderr line of the call>", "Piece x crashed: ..."). Whatever a piece does to its process (exit, environment,
 * TLS settings) stays there.
 *
 * @example
 * ```ts
 * const host = new NpmPieceHost({ resolvePiece: createPieceResolver({ piecesDir }) });
 * const outcome = await host.runAction(request, services); // request.pieceName: '@activepieces/piece-store'
 * await host.close();
 * ```
 */
export class NpmPieceHost {
  private readonly resolvePiece: PieceResolver;
  private readonly callTimeoutMs: number;
  private readonly callDeadline: ((run: RunInfo) => number | undefined) | undefined;
  private readonly pool: ChildPool;
  private readonly metadataCache = new Map<string, Promise<NpmPieceMetadata>>();
  private readonly installed: InstalledVersions;

  constructor(options: NpmPieceHostOptions = {}) {
    this.resolvePiece = options.resolvePiece ?? createPieceResolver();
    this.callTimeoutMs = options.callTimeoutMs ?? 30_000;
    this.callDeadline = options.callDeadline;
    this.installed = new InstalledVersions(this.resolvePiece, options.missingRecheckMs ?? 1_000);
    const script = resolveProcessScript(options.processScript);
    const env = cleanEnv(options.env);
    const { log } = options;
    const onOutput = log
      ? (line: string, stream: 'stdout' | 'stderr', pid: number) =>
          log.log(stream === 'stdout' ? 'info' : 'warn', line, { pid, stream })
      : undefined;
    this.pool = new ChildPool(
      options.poolSize ?? 2,
      (ssrfAllowList) =>
        new PieceChild({
          script,
          maxOldSpaceMb: options.maxOldSpaceMb ?? 512,
          env,
          ssrfAllowList,
          startupTimeoutMs: options.startupTimeoutMs ?? 15_000,
          ...(onOutput ? { onOutput } : {}),
          onGone: (child) => this.pool.retire(child),
        }),
    );
  }

  /** True when that exact version can be found (a miss is remembered for `missingRecheckMs`). */
  has(name: string, version: string): Promise<boolean> {
    return this.installed.has(name, version);
  }

  /**
   * Drops what this host remembers of that version (found or missing, its metadata): call it
   * after installing or removing it, so the next call looks again.
   */
  forget(name: string, version: string): void {
    this.installed.forget(name, version);
    this.metadataCache.delete(`${name}@${version}`);
  }

  /**
   * The piece's metadata (loaded in a piece process, cached per version).
   * @throws Error when the version is not installed or cannot be loaded.
   */
  metadata(name: string, version: string): Promise<NpmPieceMetadata> {
    const key = `${name}@${version}`;
    let cached = this.metadataCache.get(key);
    if (!cached) {
      cached = this.loadMetadata(name, version);
      cached.catch(() => this.metadataCache.delete(key));
      this.metadataCache.set(key, cached);
    }
    return cached;
  }

  /**
   * Runs a piece action; every failure is a FAILED outcome. When the request's `signal` (the
   * run's) is aborted during the call, its process is killed (closing every connection the piece
   * opened) and replaced, and the call fails at once ("Piece x was aborted: ...").
   */
  async runAction(
    request: PieceRunRequest | ActionRunRequest,
    services: PieceServices,
  ): Promise<PieceRunOutcome> {
    const { services: _engineServices, signal, ...call } = request as PieceRunRequest;
    const result = await this.callPiece(
      call.pieceName,
      call.pieceVersion,
      services,
      (moduleDir) => ({ kind: 'action', moduleDir, request: call, services: snapshotOf(services) }),
      signal,
      this.actionTimeout(call.run),
    );
    return result.ok
      ? withCauses(result.value as PieceRunOutcome, result.networkErrors)
      : { status: 'FAILED', message: result.message };
  }

  /** Calls a trigger hook (`run` of a webhook, `onEnable` of a schedule, ...); every failure is a FAILED outcome. */
  async runTrigger(request: TriggerRunRequest, services: PieceServices): Promise<TriggerRunOutcome> {
    const result = await this.callPiece(request.pieceName, request.pieceVersion, services, (moduleDir) => ({
      kind: 'trigger',
      moduleDir,
      request,
      services: snapshotOf(services),
    }));
    return result.ok
      ? withCauses(result.value as TriggerRunOutcome, result.networkErrors)
      : { status: 'FAILED', message: result.message };
  }

  /**
   * Hands a request of a piece's app-level webhook to the piece's `events` (`parseAndReply`,
   * then `verify`) in a piece process, under the call deadline.
   */
  async handleAppEvent(request: AppEventRequest): Promise<AppEventOutcome> {
    const result = await this.callPiece(request.pieceName, request.pieceVersion, undefined, (moduleDir) => ({
      kind: 'appEvent',
      moduleDir,
      request,
    }));
    return result.ok ? (result.value as AppEventOutcome) : { status: 'FAILED', message: result.message };
  }

  /**
   * Evaluates a DROPDOWN or DYNAMIC property of an npm piece (its `options()` / `props()`) in a
   * piece process, under the call deadline; `request.input.auth` is the connection value.
   */
  async evaluateProperty(request: PropertyRequest, services: PieceServices): Promise<PropertyOutcome> {
    const result = await this.callPiece(request.pieceName, request.pieceVersion, services, (moduleDir) => ({
      kind: 'property',
      moduleDir,
      request,
      services: snapshotOf(services),
    }));
    return result.ok
      ? withCauses(result.value as PropertyOutcome, result.networkErrors)
      : { status: 'FAILED', reason: 'ERROR', message: result.message };
  }

  /** Kills the piece processes; calls still waiting for one fail. */
  async close(): Promise<void> {
    this.pool.close();
  }

  private async loadMetadata(name: string, version: string): Promise<NpmPieceMetadata> {
    const result = await this.callPiece(name, version, undefined, (moduleDir) => ({
      kind: 'metadata',
      moduleDir,
    }));
    if (!result.ok) throw new Error(result.message);
    return result.value as NpmPieceMetadata;
  }

  /** The deadline of an action call of `run`: `callTimeoutMs`, or less to end by `callDeadline`. */
  private actionTimeout(run: RunInfo): CallTimeout {
    const deadline = this.callDeadline?.(run);
    const remaining = deadline === undefined ? Infinity : Math.floor(deadline - Date.now());
    return remaining > 0 && remaining < this.callTimeoutMs
      ? { ms: remaining, endBy: deadline }
      : { ms: this.callTimeoutMs };
  }

  /** One call in a piece process, with the piece's name in every failure. */
  private async callPiece(
    name: string,
    version: string,
    services: PieceServices | undefined,
    command: (moduleDir: string) => ChildCommand,
    signal?: AbortSignal,
    timeout: CallTimeout = { ms: this.callTimeoutMs },
  ): Promise<CallResult> {
    let moduleDir: string;
    try {
      moduleDir = await this.installed.locate(name, version);
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
    try {
      const result = await this.pool.use(services?.ssrfAllowList, (child) =>
        child.call(command(moduleDir), services, timeout.ms, signal, timeout.endBy),
      );
      return result.ok
        ? result
        : { ok: false, message: withNetworkCauses(result.message, result.networkErrors) };
    } catch (error) {
      if (!(error instanceof ChildCallFailure))
        return { ok: false, message: `Piece ${name}: ${errorMessage(error)}` };
      const lastOutput = error.lastErrorOutput ? `; its last error output: ${error.lastErrorOutput}` : '';
      const message =
        error.kind === 'timeout'
          ? `Piece ${name} timed out after ${seconds(timeout.ms)} s${timeout.endBy !== undefined ? SYNC_CALLER_NOTE : ''}${lastOutput}`
          : error.kind === 'aborted'
            ? `Piece ${name} was aborted: ${error.message}`
            : `Piece ${name} crashed: ${error.message}`;
      return { ok: false, message: withNetworkCauses(message, error.networkErrors) };
    }
  }
}

/** How long a call may take (`ms`, as said in its timeout message), and when it must end if sooner. */
interface CallTimeout {
  ms: number;
  endBy?: number;
}

/** Said of a call cut short to end before the deadline of a synchronous caller of its run. */
const SYNC_CALLER_NOTE = ', before the synchronous request waiting for its run stops waiting';

/** A piece call's value (with the network errors it met), or why it failed (causes included). */
type CallResult =
  { ok: true; value: unknown; networkErrors: readonly string[] } | { ok: false; message: string };

/** A FAILED outcome's message with the network errors its call met (see {@link withNetworkCauses}). */
function withCauses<T extends { status: string }>(outcome: T, networkErrors: readonly string[]): T {
  if (outcome.status !== 'FAILED' || networkErrors.length === 0) return outcome;
  const { message } = outcome as T & { message?: unknown };
  return typeof message === 'string'
    ? { ...outcome, message: withNetworkCauses(message, networkErrors) }
    : outcome;
}

function snapshotOf(services: PieceServices): ServicesSnapshot {
  return {
    urls: services.urls,
    ...(services.token !== undefined ? { token: services.token } : {}),
    ssrfAllowList: [...services.ssrfAllowList],
    ...(services.maxFileSizeMb !== undefined ? { maxFileSizeMb: services.maxFileSizeMb } : {}),
    nowMs: services.now(),
  };
}

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}
