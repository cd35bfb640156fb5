import type { StoreScope } from '@piecework/engine';
import type { PieceServices } from '../../context/piece-services';

/** In-memory {@link PieceServices} for tests, with the maps behind them to look into. */
export function testServices(
  overrides: Omit<Partial<PieceServices>, 'connections'> & { connections?: Record<string, unknown> } = {},
) {
  const entries = new Map<string, unknown>();
  const files = new Map<string, string>();
  const { connections: connectionValues = {} as Record<string, unknown>, ...rest } = overrides;
  const key = (name: string, scope: StoreScope) => `${scope}:${name}`;
  const services: PieceServices = {
    store: {
      get: async (name, scope) => entries.get(key(name, scope)),
      put: async (name, value, scope) => {
        entries.set(key(name, scope), value);
      },
      delete: async (name, scope) => {
        entries.delete(key(name, scope));
      },
    },
    files: {
      save: async (content) => {
        const id = `file-${files.size + 1}`;
        files.set(id, content);
        return id;
      },
      load: async (id) => files.get(id) ?? '',
    },
    connections: { get: async (name) => connectionValues[name] ?? null },
    urls: { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/' },
    ssrfAllowList: [],
    now: () => Date.parse('2026-11-21T10:00:00.000Z'),
    ...rest,
  };
  return { services, entries, files };
}
