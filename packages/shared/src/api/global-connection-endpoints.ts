/** The platform's global connections (`/v1/global-connections`), reached as `ENDPOINTS.globalConnections`. */
import { Page } from '../common/page';
import { GlobalConnection } from '../connections/app-connection';
import {
  ListGlobalConnectionsQuery,
  UpdateGlobalConnectionRequest,
  UpsertGlobalConnectionRequest,
} from '../connections/global-connection';
import { PLATFORM_ADMIN_ACCESS } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** Upsert, list, update and delete PLATFORM-scope connections (platform admins). */
export const GLOBAL_CONNECTION_ENDPOINTS = {
  upsert: endpoint({
    method: 'POST',
    path: '/v1/global-connections',
    operationId: 'globalConnections.upsert',
    summary:
      'Create or replace a global connection, by externalId, for the projects named; the value is encrypted, never returned',
    access: PLATFORM_ADMIN_ACCESS,
    body: UpsertGlobalConnectionRequest,
    status: 201,
    response: GlobalConnection,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/global-connections',
    operationId: 'globalConnections.list',
    summary: "List the platform's global connections",
    access: PLATFORM_ADMIN_ACCESS,
    query: ListGlobalConnectionsQuery,
    status: 200,
    response: Page(GlobalConnection),
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/global-connections/:id',
    operationId: 'globalConnections.update',
    summary: 'Rename a global connection and set the projects that may use it',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    body: UpdateGlobalConnectionRequest,
    status: 200,
    response: GlobalConnection,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/global-connections/:id',
    operationId: 'globalConnections.delete',
    summary: 'Delete a global connection (flows using it fail when they run)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 204,
  }),
} as const;
