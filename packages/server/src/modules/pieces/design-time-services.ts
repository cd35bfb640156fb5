/**
 * The services a piece sees while the builder asks it for choices (`POST /v1/pieces/options`):
 * the project's connections (decrypted on demand), its tables, the server's URLs and the SSRF
 * allow-list.
 * There is no run, so the store and files refuse with a message saying so.
 */
import type { PieceServices } from '@piecework/pieces';
import { readConnectionValue } from '../connections/read-connection-value';
import type { ServerBase } from '../../server-context';
import { createTablesHost } from '../tables/tables-piece-host';

const noRun = (what: string) => () =>
  Promise.reject(new Error(`${what} is not available while listing a property's options (no run)`));

/** The design-time services of project `projectId`. */
export function designTimeServices(ctx: ServerBase, projectId: string): PieceServices {
  const { publicUrl, config } = ctx.settings;
  return {
    store: { get: noRun('The store'), put: noRun('The store'), delete: noRun('The store') },
    files: { save: noRun('Files'), load: noRun('Files') },
    connections: { get: (externalId) => readConnectionValue(ctx, projectId, externalId) },
    urls: { apiUrl: `${publicUrl}api/`, publicUrl: `${publicUrl}api/` },
    ssrfAllowList: config.ssrfAllowList,
    now: () => Date.now(),
    tables: createTablesHost(ctx),
  };
}
