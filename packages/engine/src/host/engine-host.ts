import type { CodeBundler } from './code-bundler';
import type { PieceRunner } from './piece-runner';

/** Where a key/value entry lives: shared by one flow's runs, or by the whole project. */
export type StoreScope = 'FLOW' | 'PROJECT';

/**
 * The key/value store pieces use through `ctx.store`. The server fills it with real storage;
 * {@link createMemoryHost} keeps it in memory for the in-process library mode.
 */
export interface KeyValueStore {
  get(key: string, scope: StoreScope): Promise<unknown>;
  put(key: string, value: unknown, scope: StoreScope): Promise<void>;
  delete(key: string, scope: StoreScope): Promise<void>;
}

/**
 * Stores text files: offloaded step outputs (over AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB) and
 * files pieces write. `save` returns an id that `load` reads back.
 */
export interface FileStore {
  save(content: string, info: { name: string }): Promise<string>;
  load(fileId: string): Promise<string>;
}

/** Looks up a connection's value by its `externalId`; null when there is none. */
export interface ConnectionLookup {
  get(externalId: string): Promise<unknown | null>;
}

/**
 * Lists the run's project's flows, in Activepieces' PopulatedFlow shape (`ctx.flows.list`
 * of pieces: the sub-flow pieces find callable flows through it); optionally only these externalIds.
 */
export interface FlowLister {
  list(params: { externalIds?: string[] }): Promise<unknown[]>;
}

/** Log levels of {@link LogSink}. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where the engine writes its logs (the server passes a pino child logger's methods). */
export interface LogSink {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

/**
 * Everything the engine needs from the world. The engine never reads a clock, the network, a
 * database or the environment itself: it asks its host. Tests pass a host with a fake clock and
 * instant `sleep`; the server passes one backed by its storage.
 */
export interface EngineHost {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Waits `ms` milliseconds (retry back-off between attempts). */
  sleep(ms: number): Promise<void>;
  /** Runs piece actions. */
  pieces: PieceRunner;
  /** Resolves `{{connections['name']}}`. */
  connections: ConnectionLookup;
  /** Piece key/value storage. */
  store: KeyValueStore;
  /** Offloaded outputs and piece files. */
  files: FileStore;
  /** The project's flows, for pieces that call other flows; none listed when absent. */
  flows?: FlowLister;
  /** Log output. */
  log: LogSink;
  /**
   * Makes code steps that declare npm dependencies runnable (see {@link CodeBundler}). Without
   * one, such a step fails saying this host installs no npm packages; code steps without
   * dependencies never use it.
   */
  code?: CodeBundler;
}
