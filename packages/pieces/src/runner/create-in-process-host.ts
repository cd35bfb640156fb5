import { createMemoryHost, type EngineHost, type MemoryHostOptions } from '@piecework/engine';
import { BUILTIN_PIECES } from '../builtin';
import { createPieceRunner, type NpmPieceRunner, type PieceRunnerServices } from './create-piece-runner';

/** What {@link createInProcessHost} can be given; everything of {@link MemoryHostOptions} but `pieces`. */
export interface InProcessHostOptions extends Omit<MemoryHostOptions, 'pieces'> {
  /**
   * Installed npm pieces (e.g. `new NpmPieceHost()`, which finds `@activepieces/piece-*` packages
   * in `node_modules`; close it when done). Default: none, only the built-in pieces run.
   */
  npm?: NpmPieceRunner;
  /** The URLs pieces see as `ctx.server` (default: `http://localhost:3000/api/` for both). */
  urls?: PieceRunnerServices['urls'];
  /** IPs and CIDRs outbound piece requests may reach despite the SSRF filter (default: none). */
  ssrfAllowList?: readonly string[];
}

const LOCAL_URLS = { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/api/' };

/**
 * The engine host for running flows in-process, pieces included: `createMemoryHost` (store, files
 * and connections in memory) with a piece runner of the built-in pieces (webhook, HTTP, delay,
 * store, ...) and, when given, installed npm pieces. Use it instead of `createMemoryHost()`
 * whenever a flow has piece steps, which a memory host alone cannot run.
 *
 * @example
 * ```ts
 * const engine = new FlowEngine({ host: createInProcessHost() });
 * ```
 */
export function createInProcessHost(options: InProcessHostOptions = {}): EngineHost {
  const { npm, urls = LOCAL_URLS, ssrfAllowList = [], ...memory } = options;
  const pieces = createPieceRunner({
    builtins: BUILTIN_PIECES,
    ...(npm === undefined ? {} : { npm }),
    services: { urls, ssrfAllowList },
  });
  return createMemoryHost({ ...memory, pieces });
}
