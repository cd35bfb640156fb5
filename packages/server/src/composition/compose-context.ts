/**
 * The context stage of the server's assembly: the {@link ServerContext} handed to the modules,
 * the server base with the run machinery and, in scale-out, the workers heard from.
 */
import type { RunRuntime } from '../execution/run-runtime';
import type { ServerContext } from '../server-context';
import type { Infrastructure } from './open-infrastructure';

/** The server context over `runs`: the base's members (its record events too) and the run machinery. */
export function composeServerContext(infrastructure: Infrastructure, runs: RunRuntime): ServerContext {
  const { base, scaleOut } = infrastructure;
  const context: ServerContext = {
    ...base,
    runs,
    ...(scaleOut === undefined ? {} : { workers: { list: () => scaleOut.registry.workers() } }),
  };
  return context;
}
