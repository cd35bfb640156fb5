import type { StoreScope } from '@piecework/engine';
import type { PieceServices } from '../../context/piece-services';
import type { ServicesSnapshot } from '../protocol';
import type { ParentChannel } from './parent-channel';

/**
 * The {@link PieceServices} of one call inside a piece process: store, files, connections and
 * flows are calls back to the parent's services; URLs, token and allow list are the snapshot
 * sent with the call; the clock is the parent's at sending time advanced by this process's
 * monotonic clock.
 */
export function parentServices(
  channel: ParentChannel,
  callId: number,
  snapshot: ServicesSnapshot,
): PieceServices {
  const call = (method: Parameters<ParentChannel['request']>[1], ...args: unknown[]) =>
    channel.request(callId, method, args);
  const startedAt = performance.now();
  return {
    store: {
      get: (key: string, scope: StoreScope) => call('store.get', key, scope),
      put: async (key: string, value: unknown, scope: StoreScope) => {
        await call('store.put', key, value, scope);
      },
      delete: async (key: string, scope: StoreScope) => {
        await call('store.delete', key, scope);
      },
    },
    files: {
      save: async (content: string, info: { name: string }) =>
        String(await call('files.save', content, info)),
      load: async (fileId: string) => String(await call('files.load', fileId)),
    },
    connections: { get: (externalId: string) => call('connections.get', externalId) },
    urls: snapshot.urls,
    ...(snapshot.token !== undefined ? { token: snapshot.token } : {}),
    listFlows: async (params) => {
      const flows = await call('listFlows', params);
      return Array.isArray(flows) ? flows : [];
    },
    ssrfAllowList: snapshot.ssrfAllowList,
    ...(snapshot.maxFileSizeMb !== undefined ? { maxFileSizeMb: snapshot.maxFileSizeMb } : {}),
    now: () => snapshot.nowMs + Math.round(performance.now() - startedAt),
  };
}
