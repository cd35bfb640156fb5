/**
 * The SCIM 2.0 routes (`/api/v1/scim/v2`, `ENDPOINTS.scim`): discovery, Users and Groups of the
 * caller's platform, for identity providers holding a platform API key. Every answer, errors
 * included, is `application/scim+json`; errors are SCIM error messages (`scim-error.ts`). The
 * behaviour is in `scim-user-service.ts` and `scim-group-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { scimErrorBody } from './scim-error';
import { scimResourceTypes, scimSchemas, scimServiceProviderConfig } from './scim-discovery';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from './scim-group-service';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  type ScimDependencies,
} from './scim-user-service';

const scim = { errorBody: scimErrorBody } as const;

/** The SCIM discovery, Users and Groups routes. */
export function scimRoutes(deps: ScimDependencies): RouteDefinition[] {
  const { scim: endpoints } = ENDPOINTS;
  return [
    route(endpoints.serviceProviderConfig, { ...scim, handler: async () => scimServiceProviderConfig() }),
    route(endpoints.resourceTypes, { ...scim, handler: async () => scimResourceTypes() }),
    route(endpoints.schemas, { ...scim, handler: async () => scimSchemas() }),
    route(endpoints.listUsers, {
      ...scim,
      handler: ({ principal, query }) => listScimUsers(deps, principal.platformId, query),
    }),
    route(endpoints.getUser, {
      ...scim,
      logEntity: 'user',
      handler: ({ principal, params }) => getScimUser(deps, principal.platformId, params.id),
    }),
    route(endpoints.createUser, {
      ...scim,
      handler: ({ principal, body }) => createScimUser(deps, principal.platformId, body),
    }),
    route(endpoints.replaceUser, {
      ...scim,
      logEntity: 'user',
      handler: ({ principal, params, body }) => replaceScimUser(deps, principal.platformId, params.id, body),
    }),
    route(endpoints.patchUser, {
      ...scim,
      logEntity: 'user',
      handler: ({ principal, params, body }) =>
        patchScimUser(deps, principal.platformId, params.id, body.Operations),
    }),
    route(endpoints.deleteUser, {
      ...scim,
      logEntity: 'user',
      handler: async ({ principal, params }) => {
        await deleteScimUser(deps, principal.platformId, params.id);
        return undefined;
      },
    }),
    route(endpoints.listGroups, {
      ...scim,
      handler: ({ principal, query }) => listScimGroups(deps, principal.platformId, query),
    }),
    route(endpoints.getGroup, {
      ...scim,
      logEntity: 'project',
      handler: ({ principal, params }) => getScimGroup(deps, principal.platformId, params.id),
    }),
    route(endpoints.createGroup, {
      ...scim,
      handler: ({ principal, body }) => createScimGroup(deps, principal.platformId, body),
    }),
    route(endpoints.replaceGroup, {
      ...scim,
      logEntity: 'project',
      handler: ({ principal, params, body }) => replaceScimGroup(deps, principal.platformId, params.id, body),
    }),
    route(endpoints.patchGroup, {
      ...scim,
      logEntity: 'project',
      handler: ({ principal, params, body }) =>
        patchScimGroup(deps, principal.platformId, params.id, body.Operations),
    }),
    route(endpoints.deleteGroup, {
      ...scim,
      logEntity: 'project',
      handler: async ({ principal, params }) => {
        await deleteScimGroup(deps, principal.platformId, params.id);
        return undefined;
      },
    }),
  ];
}
