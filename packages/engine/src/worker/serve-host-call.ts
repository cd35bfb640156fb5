import type { EngineHost } from '../host/engine-host';
import { NO_CODE_BUNDLER } from '../steps/code-bundle';
import type { HostCall } from './protocol';

/**
 * Runs a worker thread's host call on the real host (in the parent). A piece call gets the
 * host's own services back, as in-process runs pass them.
 */
export async function serveHostCall(host: EngineHost, call: HostCall): Promise<unknown> {
  switch (call.method) {
    case 'pieces.run': {
      const services = {
        store: host.store,
        files: host.files,
        connections: host.connections,
        now: () => host.now(),
        ...(host.flows ? { flows: host.flows } : {}),
      };
      return host.pieces.run({ ...call.args[0], services });
    }
    case 'connections.get':
      return host.connections.get(...call.args);
    case 'store.get':
      return host.store.get(...call.args);
    case 'store.put':
      return host.store.put(...call.args);
    case 'store.delete':
      return host.store.delete(...call.args);
    case 'files.save':
      return host.files.save(...call.args);
    case 'files.load':
      return host.files.load(...call.args);
    case 'code.bundle':
      return host.code ? host.code.bundle(...call.args) : NO_CODE_BUNDLER;
    case 'flows.list':
      return host.flows ? host.flows.list(...call.args) : [];
    default:
      return assertNever(call);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown host call ${(value as { method?: unknown }).method as string}`);
}
