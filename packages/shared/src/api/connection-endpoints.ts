/** The endpoints of app connections (`/v1/app-connections`) and OAuth2 apps (`/v1/oauth-apps`). */
import { Page } from '../common/page';
import {
  AppConnection,
  ListAppConnectionsQuery,
  UpdateAppConnectionRequest,
} from '../connections/app-connection';
import { ListOAuthAppsQuery, OAuthApp, UpsertOAuthAppRequest } from '../connections/oauth-app';
import {
  GetOAuth2AuthorizationUrlRequest,
  GetOAuth2AuthorizationUrlResponse,
} from '../connections/oauth2-authorization-url';
import { UpsertAppConnectionRequest } from '../connections/upsert-app-connection';
import { PLATFORM_ACCESS, PLATFORM_ADMIN_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * A project's connections: upsert (OAuth2 types exchange their code), rename, list, delete, and
 * the consent URL of a piece's OAuth2 auth; reached as `ENDPOINTS.appConnections`.
 */
export const CONNECTION_ENDPOINTS = {
  upsert: endpoint({
    method: 'POST',
    path: '/v1/app-connections',
    operationId: 'appConnections.upsert',
    summary:
      'Create or replace a connection, by (projectId, externalId); the value is encrypted, never returned',
    access: projectAccess('WRITE_APP_CONNECTION', { from: 'body' }),
    body: UpsertAppConnectionRequest,
    status: 201,
    response: AppConnection,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/app-connections/:id',
    operationId: 'appConnections.update',
    summary: 'Rename a connection (and replace its metadata)',
    access: projectAccess('WRITE_APP_CONNECTION', { from: 'entity', entity: 'appConnection' }),
    params: IdParams,
    body: UpdateAppConnectionRequest,
    status: 200,
    response: AppConnection,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/app-connections',
    operationId: 'appConnections.list',
    summary: "List a project's connections",
    access: projectAccess('READ_APP_CONNECTION', { from: 'query' }),
    query: ListAppConnectionsQuery,
    status: 200,
    response: Page(AppConnection),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/app-connections/:id',
    operationId: 'appConnections.delete',
    summary: 'Delete a connection (flows using it fail when they run)',
    access: projectAccess('WRITE_APP_CONNECTION', { from: 'entity', entity: 'appConnection' }),
    params: IdParams,
    status: 204,
  }),
  oauth2AuthorizationUrl: endpoint({
    method: 'POST',
    path: '/v1/app-connections/oauth2/authorization-url',
    operationId: 'appConnections.oauth2AuthorizationUrl',
    summary: "The consent URL of a piece's OAuth2 auth (and the PKCE code verifier when it uses PKCE)",
    access: projectAccess('WRITE_APP_CONNECTION', { from: 'body', optional: true }),
    body: GetOAuth2AuthorizationUrlRequest,
    status: 200,
    response: GetOAuth2AuthorizationUrlResponse,
  }),
} as const;

/**
 * The platform's own OAuth2 clients, one per piece, used by PLATFORM_OAUTH2 connections: list
 * (any user of the platform; never the secret), upsert and delete (platform admins); reached as
 * `ENDPOINTS.oauthApps`.
 */
export const OAUTH_APP_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/oauth-apps',
    operationId: 'oauthApps.list',
    summary: "List the platform's OAuth2 apps (never their secrets)",
    access: PLATFORM_ACCESS,
    query: ListOAuthAppsQuery,
    status: 200,
    response: Page(OAuthApp),
  }),
  upsert: endpoint({
    method: 'POST',
    path: '/v1/oauth-apps',
    operationId: 'oauthApps.upsert',
    summary:
      "Set the platform's OAuth2 client of a piece (platform admins); the secret is encrypted, never returned",
    access: PLATFORM_ADMIN_ACCESS,
    body: UpsertOAuthAppRequest,
    status: 200,
    response: OAuthApp,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/oauth-apps/:id',
    operationId: 'oauthApps.delete',
    summary: 'Delete an OAuth2 app (platform admins)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 200,
  }),
} as const;
