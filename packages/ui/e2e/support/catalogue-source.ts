/**
 * A pieces API on loopback for the catalogue to sync from (`AP_PIECES_SYNC_URL`): it lists the
 * pieces it was offered at `GET /api/v1/pieces/registry` and answers each one's metadata at
 * `GET /api/v1/pieces/<name>?version=`, as Activepieces' cloud does. Give the server under
 * test `AP_PIECES_SYNC_URL: source.apiUrl` and `AP_SSRF_ALLOW_LIST: '127.0.0.1'`, `offer` the
 * pieces, then sync (`client.pieces.sync()`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PieceMetadata } from '@piecework/shared';

/** A started {@link startCatalogueSource}. */
export interface CatalogueSource {
  /** The API base to sync from (`http://127.0.0.1:<port>/api/`). */
  readonly apiUrl: string;
  /** Lists `pieces` from now on. */
  offer(pieces: readonly PieceMetadata[]): void;
  close(): Promise<void>;
}

/** Starts the source, listing no piece until {@link CatalogueSource.offer}. */
export async function startCatalogueSource(): Promise<CatalogueSource> {
  const listed: PieceMetadata[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/api/v1/pieces/registry') {
      const entries = listed.map(({ name, version }) => ({ name, version }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entries));
      return;
    }
    const name = decodeURIComponent(url.pathname.slice('/api/v1/pieces/'.length));
    const piece = listed.find(
      (entry) => entry.name === name && (url.searchParams.get('version') ?? entry.version) === entry.version,
    );
    if (piece === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"ENTITY_NOT_FOUND"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(piece));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiUrl: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/`,
    offer: (pieces) => void listed.push(...pieces),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
