/** The endpoints of the Pieces block (`/v1/pieces[...]`), `ENDPOINTS.pieces`. */
import { z } from 'zod';
import { PieceCategory } from '../pieces/piece-category';
import { PieceMetadata, PieceMetadataSummary, PieceVersionSummary } from '../pieces/piece-metadata';
import {
  DeletePieceQuery,
  GetPieceQuery,
  InstalledPieceVersion,
  InstallPieceRequest,
  ListPiecesQuery,
  PieceNameParams,
  PieceOptionsRequest,
  PieceOptionsResponse,
  PieceRegistryEntry,
  PieceRegistryQuery,
  PieceSyncResult,
  ScopedPieceNameParams,
} from '../pieces/piece-requests';
import { PLATFORM_ACCESS, PUBLIC_ACCESS, SERVER_ADMIN_ACCESS, projectAccess } from './endpoint-access';
import { endpoint } from './endpoint';

/**
 * The piece catalogue (list, metadata, versions), property options for the builder, and installs
 * of npm pieces; reached as `ENDPOINTS.pieces`.
 */
export const PIECE_ENDPOINTS = {
  categories: endpoint({
    method: 'GET',
    path: '/v1/pieces/categories',
    operationId: 'pieces.categories',
    summary: "The categories pieces are filed under (Activepieces' list)",
    access: PUBLIC_ACCESS,
    status: 200,
    response: z.array(PieceCategory),
  }),
  registry: endpoint({
    method: 'GET',
    path: '/v1/pieces/registry',
    operationId: 'pieces.registry',
    summary: 'Every piece version this server lists ({name, version}), for servers that sync from it',
    access: PUBLIC_ACCESS,
    query: PieceRegistryQuery,
    status: 200,
    response: z.array(PieceRegistryEntry),
  }),
  sync: endpoint({
    method: 'POST',
    path: '/v1/pieces/sync',
    operationId: 'pieces.sync',
    summary:
      "Sync the catalogue from AP_PIECES_SYNC_URL now (admins of the server's first platform; 409 when AP_PIECES_SYNC_MODE is NONE)",
    access: SERVER_ADMIN_ACCESS,
    status: 200,
    response: PieceSyncResult,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/pieces',
    operationId: 'pieces.list',
    summary:
      "List the pieces (newest version of each; a plain array), filtered by search, categories and the project's plan",
    access: projectAccess('READ_FLOW', { from: 'query', optional: true }),
    query: ListPiecesQuery,
    status: 200,
    response: z.array(PieceMetadataSummary),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/pieces/:name',
    operationId: 'pieces.get',
    summary:
      "A piece's full metadata, newest version or ?version= (scoped names percent-encoded); 404 outside ?projectId='s plan",
    access: projectAccess('READ_FLOW', { from: 'query', optional: true }),
    params: PieceNameParams,
    query: GetPieceQuery,
    status: 200,
    response: PieceMetadata,
  }),
  getScoped: endpoint({
    method: 'GET',
    path: '/v1/pieces/:scope/:name',
    operationId: 'pieces.getScoped',
    summary: "A scoped piece's full metadata, its name as two path segments (@scope/name)",
    access: projectAccess('READ_FLOW', { from: 'query', optional: true }),
    params: ScopedPieceNameParams,
    query: GetPieceQuery,
    status: 200,
    response: PieceMetadata,
  }),
  listVersions: endpoint({
    method: 'GET',
    path: '/v1/pieces/:name/versions',
    operationId: 'pieces.listVersions',
    summary: 'Every available version of a piece, oldest first',
    access: PLATFORM_ACCESS,
    params: PieceNameParams,
    status: 200,
    response: z.array(PieceVersionSummary),
  }),
  listScopedVersions: endpoint({
    method: 'GET',
    path: '/v1/pieces/:scope/:name/versions',
    operationId: 'pieces.listScopedVersions',
    summary: 'Every available version of a scoped piece (@scope/name as two path segments)',
    access: PLATFORM_ACCESS,
    params: ScopedPieceNameParams,
    status: 200,
    response: z.array(PieceVersionSummary),
  }),
  options: endpoint({
    method: 'POST',
    path: '/v1/pieces/options',
    operationId: 'pieces.options',
    summary:
      "Evaluate a dropdown or dynamic property (its options() / props()) with the step's input and connection",
    access: projectAccess('WRITE_FLOW', { from: 'body' }),
    body: PieceOptionsRequest,
    status: 200,
    response: PieceOptionsResponse,
  }),
  install: endpoint({
    method: 'POST',
    path: '/v1/pieces',
    operationId: 'pieces.install',
    summary: "Install an npm piece version on this server (admins of the server's first platform)",
    access: SERVER_ADMIN_ACCESS,
    body: InstallPieceRequest,
    status: 201,
    response: InstalledPieceVersion,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/pieces/:name',
    operationId: 'pieces.delete',
    summary: "Remove an installed npm piece version (admins of the server's first platform)",
    access: SERVER_ADMIN_ACCESS,
    params: PieceNameParams,
    query: DeletePieceQuery,
    status: 204,
  }),
} as const;
