import type {
  ConnectionLookup,
  EngineHost,
  FileStore,
  KeyValueStore,
  LogSink,
  StoreScope,
} from './engine-host';
import type { CodeBundler } from './code-bundler';
import type { PieceRunner } from './piece-runner';

/** What {@link createMemoryHost} can be given; everything else gets an in-memory default. */
export interface MemoryHostOptions {
  /**
   * Runs piece steps; without one, a piece step fails saying no piece runner is configured. For
   * the built-in pieces (and installed npm ones) use `createInProcessHost()` of `@piecework/pieces`,
   * which is this host with their runner.
   */
  pieces?: PieceRunner;
  /** Connection values by external id. */
  connections?: Record<string, unknown>;
  /** The clock (default: the real one). */
  now?: () => number;
  /** Waits between retries (default: real waiting via setTimeout). */
  sleep?: (ms: number) => Promise<void>;
  /** Where logs go (default: dropped). */
  log?: LogSink;
  /**
   * Installs and bundles the npm packages of code steps that declare dependencies (default:
   * none; such steps fail saying this host installs no packages).
   */
  code?: CodeBundler;
}

/**
 * A host for the in-process library mode: store, files and connections in memory, and no pieces
 * unless given a runner (flows of code, loops and routers only). With pieces, use
 * `createInProcessHost()` of `@piecework/pieces`. The server never uses it; it gives the engine
 * real storage instead.
 */
export function createMemoryHost(options: MemoryHostOptions = {}): EngineHost {
  const files = new Map<string, string>();
  const store = new Map<string, unknown>();
  const connections = options.connections ?? {};
  const storeKey = (key: string, scope: StoreScope) => `${scope}:${key}`;
  const fileStore: FileStore = {
    async save(content) {
      const id = `file-${files.size + 1}`;
      files.set(id, content);
      return id;
    },
    async load(fileId) {
      const content = files.get(fileId);
      if (content === undefined) throw new Error(`File ${fileId} does not exist`);
      return content;
    },
  };
  const keyValueStore: KeyValueStore = {
    async get(key, scope) {
      return store.get(storeKey(key, scope));
    },
    async put(key, value, scope) {
      store.set(storeKey(key, scope), value);
    },
    async delete(key, scope) {
      store.delete(storeKey(key, scope));
    },
  };
  const connectionLookup: ConnectionLookup = {
    async get(externalId) {
      return Object.hasOwn(connections, externalId) ? connections[externalId] : null;
    },
  };
  return {
    now: options.now ?? (() => Date.now()),
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    pieces: options.pieces ?? {
      async run(request) {
        return {
          status: 'FAILED',
          message: `No piece runner is configured to run ${request.pieceName}: create the host with createInProcessHost() of @piecework/pieces`,
        };
      },
    },
    connections: connectionLookup,
    store: keyValueStore,
    files: fileStore,
    log: options.log ?? { log() {} },
    ...(options.code ? { code: options.code } : {}),
  };
}
