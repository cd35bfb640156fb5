/**
 * The context stage of the server's assembly: the {@link ServerContext} handed to the modules,
 * the server base with the run machinery and, in scale-out, the workers heard from.
 */
import type { RunRuntime } from '../execution/run-runtime';
import { emitRecordEvent, onRecordEvent } from '../modules/tables/record-events';
import type { ServerContext } from '../server-context';
import type { Infrastructure } from './open-infrastructure';

/**
 * The server context over `runs`. Record events are kept per context object: the record writes
 * of the tables piece's host, built on the base before the context existed, are emitted on the
 * base and relayed here, so table webhooks hear them as they hear the REST routes' writes.
 */
export function composeServerContext(infrastructure: Infrastructure, runs: RunRuntime): ServerContext {
  const { base, scaleOut } = infrastructure;
  const context: ServerContext = {
    ...base,
    runs,
    ...(scaleOut === undefined ? {} : { workers: { list: () => scaleOut.registry.workers() } }),
  };
  onRecordEvent(base, (event) => {
    emitRecordEvent(context, event);
  });
  return context;
}
