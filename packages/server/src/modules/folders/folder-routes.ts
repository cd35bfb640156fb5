/**
 * Folders: `POST /v1/folders`, `POST|GET|DELETE /v1/folders/:id`, `GET /v1/folders?projectId`.
 * The behaviour is in `folder-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { auditActorOf } from '../audit-events/record-audit-event';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  createFolder,
  deleteFolder,
  getFolder,
  listFolders,
  renameFolder,
  type FolderDependencies,
} from './folder-service';

/** The folder routes. */
export function folderRoutes(deps: FolderDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.folders.create, {
      handler: async ({ body, principal, project, request }) =>
        createFolder(deps, project, auditActorOf(principal, request.ip), body.displayName),
    }),
    route(ENDPOINTS.folders.update, {
      logEntity: 'folder',
      handler: async ({ params, body, principal, project, request }) =>
        renameFolder(deps, project, auditActorOf(principal, request.ip), params.id, body.displayName),
    }),
    route(ENDPOINTS.folders.get, {
      logEntity: 'folder',
      handler: async ({ params, project }) => getFolder(deps, project, params.id),
    }),
    route(ENDPOINTS.folders.list, {
      handler: async ({ query, project }) =>
        listFolders(deps, project, { limit: query.limit, cursor: query.cursor }),
    }),
    route(ENDPOINTS.folders.delete, {
      logEntity: 'folder',
      handler: async ({ params, principal, project, request }) => {
        await deleteFolder(deps, project, auditActorOf(principal, request.ip), params.id);
        return undefined;
      },
    }),
  ];
}
