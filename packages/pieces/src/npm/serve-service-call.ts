import type { StoreScope } from '@piecework/engine';
import type { PieceServices } from '../context/piece-services';
import type { ServiceMethod } from './protocol';

/** Runs a service call a piece process made, against the services of its call. */
export async function serveServiceCall(
  services: PieceServices,
  method: ServiceMethod,
  args: unknown[],
): Promise<unknown> {
  const [first, second, third] = args;
  switch (method) {
    case 'store.get':
      return services.store.get(String(first), scopeOf(second));
    case 'store.put':
      return services.store.put(String(first), second, scopeOf(third));
    case 'store.delete':
      return services.store.delete(String(first), scopeOf(second));
    case 'files.save':
      return services.files.save(String(first), {
        name: String((second as { name?: unknown } | undefined)?.name ?? 'file'),
      });
    case 'files.load':
      return services.files.load(String(first));
    case 'connections.get':
      return services.connections.get(String(first));
    case 'listFlows':
      return services.listFlows ? services.listFlows((first ?? {}) as { externalIds?: string[] }) : [];
    default: {
      const unknown: never = method;
      throw new Error(`Unknown service ${String(unknown)}`);
    }
  }
}

function scopeOf(scope: unknown): StoreScope {
  return scope === 'PROJECT' ? 'PROJECT' : 'FLOW';
}
