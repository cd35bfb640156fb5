import { REDACTED } from '../expressions';
import type { CodeBundler } from '../host/code-bundler';
import type { EngineHost, LogSink } from '../host/engine-host';
import { createMemoryHost } from '../host/memory-host';
import type { PieceRunner } from '../host/piece-runner';

/** What {@link createClosedHost} is given. */
export interface ClosedHostOptions {
  /** The piece runner: a recorded one (see `createRecordedPieceRunner`). */
  pieces: PieceRunner;
  /** Bundles code steps' npm packages (default: none, such steps fail saying so). */
  code?: CodeBundler;
  /** The clock (default: the real one). */
  now?: () => number;
  /** Where logs go (default: dropped). */
  log?: LogSink;
}

/**
 * A host for flow tests and replays that reaches nothing outside the run: store and files in
 * memory (empty at the start of each run), no flows to call, retry waits that end at once, and
 * every connection read as `**REDACTED**` (a run log's recorded inputs show connections so, and
 * no secret is handed to a replay). Code steps have no network in their sandbox whatever the
 * host; piece steps reach only `pieces`.
 */
export function createClosedHost(options: ClosedHostOptions): EngineHost {
  const host = createMemoryHost({
    pieces: options.pieces,
    sleep: async () => {},
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.code ? { code: options.code } : {}),
  });
  return { ...host, connections: { get: async () => REDACTED } };
}
