import { z } from 'zod';
import { Page, PageQuery } from '../common/page';
import {
  AppConnection,
  ListAppConnectionsQuery,
  UpdateAppConnectionRequest,
} from '../connections/app-connection';
import { UpsertAppConnectionRequest } from '../connections/upsert-app-connection';
import { AuditEvent, ListAuditEventsQuery } from '../events/audit-event';
import { CreateFlowRequest, PopulatedFlow } from '../flows/flow';
import { CountFlowsQuery, GetFlowQuery, ListFlowsQuery } from '../flows/flow-requests';
import { FlowVersion } from '../flows/flow-version';
import { FlowOperation } from '../flows/operations';
import { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../platform/api-key';
import { FeatureFlags } from '../platform/feature-flags';
import { HealthResponse } from '../platform/platform';
import { CreateFolderRequest, Folder, ListFoldersQuery, UpdateFolderRequest } from '../projects/folder';
import { Project } from '../projects/project';
import { CreateProjectRequest, ListProjectsQuery, UpdateProjectRequest } from '../projects/project-requests';
import { AuthenticationResponse, SignInRequest, SignUpRequest } from '../users/authentication';
import { endpoint, IdParams } from './endpoint';

/**
 * Every REST endpoint of the server, by area. The server implements each one (a test checks), the
 * client has a method for each one (a test checks), and `GET /api/v1/docs` describes them all.
 *
 * @example
 * ```ts
 * import { ENDPOINTS } from '@piecework/shared';
 * ENDPOINTS.flows.get.path; // '/v1/flows/:id'
 * ```
 */
export const ENDPOINTS = {
  platform: {
    health: endpoint({
      method: 'GET',
      path: '/v1/health',
      operationId: 'platform.health',
      summary: 'Check that the server answers',
      auth: 'public',
      status: 200,
      response: HealthResponse,
    }),
    flags: endpoint({
      method: 'GET',
      path: '/v1/flags',
      operationId: 'platform.flags',
      summary: 'Feature flags of this instance',
      auth: 'public',
      status: 200,
      response: FeatureFlags,
    }),
    openApi: endpoint({
      method: 'GET',
      path: '/v1/docs',
      operationId: 'platform.openApi',
      summary: 'The OpenAPI 3.1 description of this API',
      auth: 'public',
      status: 200,
      response: z.record(z.string(), z.unknown()),
    }),
  },
  authentication: {
    signUp: endpoint({
      method: 'POST',
      path: '/v1/authentication/sign-up',
      operationId: 'authentication.signUp',
      summary: 'Sign up: a new platform with its admin and a personal project',
      auth: 'public',
      body: SignUpRequest,
      status: 200,
      response: AuthenticationResponse,
    }),
    signIn: endpoint({
      method: 'POST',
      path: '/v1/authentication/sign-in',
      operationId: 'authentication.signIn',
      summary: 'Sign in with email and password',
      auth: 'public',
      body: SignInRequest,
      status: 200,
      response: AuthenticationResponse,
    }),
  },
  apiKeys: {
    create: endpoint({
      method: 'POST',
      path: '/v1/api-keys',
      operationId: 'apiKeys.create',
      summary: 'Create a platform API key (its value is shown this once)',
      auth: 'principal',
      body: CreateApiKeyRequest,
      status: 201,
      response: CreatedApiKey,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/api-keys',
      operationId: 'apiKeys.list',
      summary: "List the platform's API keys (never their values)",
      auth: 'principal',
      query: PageQuery,
      status: 200,
      response: Page(ApiKey),
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/api-keys/:id',
      operationId: 'apiKeys.delete',
      summary: 'Delete an API key',
      auth: 'principal',
      params: IdParams,
      status: 200,
    }),
  },
  projects: {
    create: endpoint({
      method: 'POST',
      path: '/v1/projects',
      operationId: 'projects.create',
      summary: 'Create a TEAM project',
      auth: 'principal',
      body: CreateProjectRequest,
      status: 201,
      response: Project,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/projects',
      operationId: 'projects.list',
      summary: 'List the projects the caller can reach',
      auth: 'principal',
      query: ListProjectsQuery,
      status: 200,
      response: Page(Project),
    }),
    get: endpoint({
      method: 'GET',
      path: '/v1/projects/:id',
      operationId: 'projects.get',
      summary: 'Get a project with its plan and analytics',
      auth: 'principal',
      params: IdParams,
      status: 200,
      response: Project,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/projects/:id',
      operationId: 'projects.update',
      summary: 'Update a project',
      auth: 'principal',
      params: IdParams,
      body: UpdateProjectRequest,
      status: 200,
      response: Project,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/projects/:id',
      operationId: 'projects.delete',
      summary: 'Delete a TEAM project and everything in it',
      auth: 'principal',
      params: IdParams,
      status: 204,
    }),
  },
  flows: {
    create: endpoint({
      method: 'POST',
      path: '/v1/flows',
      operationId: 'flows.create',
      summary: 'Create a flow (with an empty draft version)',
      auth: 'principal',
      body: CreateFlowRequest,
      status: 201,
      response: PopulatedFlow,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/flows',
      operationId: 'flows.list',
      summary: "List a project's flows, each with its latest version",
      auth: 'principal',
      query: ListFlowsQuery,
      status: 200,
      response: Page(PopulatedFlow),
    }),
    count: endpoint({
      method: 'GET',
      path: '/v1/flows/count',
      operationId: 'flows.count',
      summary: "Count a project's flows (optionally in one folder)",
      auth: 'principal',
      query: CountFlowsQuery,
      status: 200,
      response: z.number().int().min(0),
    }),
    get: endpoint({
      method: 'GET',
      path: '/v1/flows/:id',
      operationId: 'flows.get',
      summary: 'Get a flow with its latest version (or the version asked for)',
      auth: 'principal',
      params: IdParams,
      query: GetFlowQuery,
      status: 200,
      response: PopulatedFlow,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/flows/:id',
      operationId: 'flows.update',
      summary: 'Apply one flow operation ({type, request}; 26 types)',
      auth: 'principal',
      params: IdParams,
      body: FlowOperation,
      status: 200,
      response: PopulatedFlow,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/flows/:id',
      operationId: 'flows.delete',
      summary: 'Delete a flow and its versions',
      auth: 'principal',
      params: IdParams,
      status: 204,
    }),
    listVersions: endpoint({
      method: 'GET',
      path: '/v1/flows/:id/versions',
      operationId: 'flows.listVersions',
      summary: "List a flow's versions, newest first",
      auth: 'principal',
      params: IdParams,
      query: PageQuery,
      status: 200,
      response: Page(FlowVersion),
    }),
  },
  folders: {
    create: endpoint({
      method: 'POST',
      path: '/v1/folders',
      operationId: 'folders.create',
      summary: 'Create a folder (names are unique per project, ignoring case)',
      auth: 'principal',
      body: CreateFolderRequest,
      status: 201,
      response: Folder,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/folders/:id',
      operationId: 'folders.update',
      summary: 'Rename a folder',
      auth: 'principal',
      params: IdParams,
      body: UpdateFolderRequest,
      status: 200,
      response: Folder,
    }),
    get: endpoint({
      method: 'GET',
      path: '/v1/folders/:id',
      operationId: 'folders.get',
      summary: 'Get a folder',
      auth: 'principal',
      params: IdParams,
      status: 200,
      response: Folder,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/folders',
      operationId: 'folders.list',
      summary: "List a project's folders",
      auth: 'principal',
      query: ListFoldersQuery,
      status: 200,
      response: Page(Folder),
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/folders/:id',
      operationId: 'folders.delete',
      summary: 'Delete a folder (its flows stay, unfiled)',
      auth: 'principal',
      params: IdParams,
      status: 200,
    }),
  },
  appConnections: {
    upsert: endpoint({
      method: 'POST',
      path: '/v1/app-connections',
      operationId: 'appConnections.upsert',
      summary:
        'Create or replace a connection, by (projectId, externalId); the value is encrypted, never returned',
      auth: 'principal',
      body: UpsertAppConnectionRequest,
      status: 201,
      response: AppConnection,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/app-connections/:id',
      operationId: 'appConnections.update',
      summary: 'Rename a connection (and replace its metadata)',
      auth: 'principal',
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
      auth: 'principal',
      query: ListAppConnectionsQuery,
      status: 200,
      response: Page(AppConnection),
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/app-connections/:id',
      operationId: 'appConnections.delete',
      summary: 'Delete a connection (flows using it fail when they run)',
      auth: 'principal',
      params: IdParams,
      status: 204,
    }),
  },
  auditEvents: {
    list: endpoint({
      method: 'GET',
      path: '/v1/audit-events',
      operationId: 'auditEvents.list',
      summary: "List the platform's audit events, newest first (platform admins)",
      auth: 'principal',
      query: ListAuditEventsQuery,
      status: 200,
      response: Page(AuditEvent),
    }),
  },
} as const;

/** Every endpoint of {@link ENDPOINTS} as one flat list. */
export const ALL_ENDPOINTS = Object.values(ENDPOINTS).flatMap((area) => Object.values(area));
