import { z } from 'zod';
import { Page, PageQuery } from '../common/page';
import { AuditEvent, ListAuditEventsQuery } from '../events/audit-event';
import { CreateFlowRequest, PopulatedFlow } from '../flows/flow';
import { CountFlowsQuery, GetFlowQuery, ListFlowsQuery } from '../flows/flow-requests';
import { FlowTemplate } from '../templates/flow-template';
import { FlowVersion } from '../flows/flow-version';
import { FlowRun } from '../flow-runs/flow-run';
import {
  ArchiveFlowRunsRequest,
  BulkFlowRunsResult,
  BulkRetryFlowRunsRequest,
  CancelFlowRunsRequest,
  ListFlowRunsQuery,
  RetryFlowRunRequest,
  TestFlowRunRequest,
} from '../flow-runs/flow-run-requests';
import { ProjectStorageUsage, StorageUsageQuery } from '../flow-runs/storage-usage';
import { Id } from '../common/id';
import { FlowOperation } from '../flows/operations';
import { permissionForOperation } from '../projects/operation-permission';
import { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../platform/api-key';
import { FeatureFlags } from '../platform/feature-flags';
import { HealthResponse, Platform, UpdatePlatformRequest } from '../platform/platform';
import { CreateFolderRequest, Folder, ListFoldersQuery, UpdateFolderRequest } from '../projects/folder';
import { Project } from '../projects/project';
import { CreateProjectRequest, ListProjectsQuery, UpdateProjectRequest } from '../projects/project-requests';
import { AuthenticationResponse, SignInRequest, SignUpRequest } from '../users/authentication';
import {
  ClaimTokenRequest,
  FederatedAuthnLoginQuery,
  FederatedAuthnLoginResponse,
} from '../users/federated-authn';
import {
  PLATFORM_ACCESS,
  PLATFORM_ADMIN_ACCESS,
  PLATFORM_OPERATOR_ACCESS,
  PUBLIC_ACCESS,
  projectAccess,
} from './endpoint-access';
import { endpoint, IdParams } from './endpoint';
import { PIECE_ENDPOINTS } from './piece-endpoints';
import { CONNECTION_ENDPOINTS, OAUTH_APP_ENDPOINTS } from './connection-endpoints';
import { TRIGGER_ENDPOINTS } from './trigger-endpoints';
import { PROJECT_MEMBER_ENDPOINTS, PROJECT_ROLE_ENDPOINTS, USER_ENDPOINTS } from './team-endpoints';
import { INVITATION_ENDPOINTS } from './invitation-endpoints';
import { ONE_TIME_CODE_ENDPOINTS } from './authentication-endpoints';
import { ALERT_ENDPOINTS } from './alert-endpoints';
import { STUCK_RUN_ENDPOINTS } from './stuck-run-endpoints';
import { SAMPLE_DATA_ENDPOINTS } from './sample-data-endpoints';
import { STEP_FILE_ENDPOINTS } from './step-file-endpoints';
import { EMBEDDING_ENDPOINTS, MANAGED_AUTHN_ENDPOINTS, SIGNING_KEY_ENDPOINTS } from './embedding-endpoints';
import { MCP_OAUTH_ENDPOINTS, MCP_SERVER_ENDPOINTS } from './mcp-endpoints';
import { FIELD_ENDPOINTS, RECORD_ENDPOINTS, TABLE_ENDPOINTS } from './table-endpoints';
import { TABLE_WEBHOOK_ENDPOINTS } from './table-webhook-endpoints';
import { TEMPLATE_ENDPOINTS } from './template-endpoints';
import { PROJECT_RELEASE_ENDPOINTS } from './release-endpoints';
import { GIT_REPO_ENDPOINTS } from './git-repo-endpoints';
import { EVENT_DESTINATION_ENDPOINTS } from './event-destination-endpoints';
import { PLATFORM_BILLING_ENDPOINTS } from './license-endpoints';
import { GLOBAL_CONNECTION_ENDPOINTS } from './global-connection-endpoints';
import { AGENT_RUN_ENDPOINTS, AI_PROVIDER_ENDPOINTS } from './ai-endpoints';
import { IMPACT_ENDPOINTS } from './impact-endpoints';
import { HUMAN_INPUT_ENDPOINTS } from './human-input-endpoints';
import { WEBHOOK_ENDPOINTS } from './webhook-endpoints';
import { FLOW_TEST_ENDPOINTS } from './flow-test-endpoints';
import { TWO_FACTOR_ENDPOINTS } from './two-factor-endpoints';
import { SCIM_ENDPOINTS } from './scim-endpoints';
import { SAML_ENDPOINTS } from './saml-endpoints';
import { SESSION_ENDPOINTS } from './session-endpoints';

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
      access: PUBLIC_ACCESS,
      status: 200,
      response: HealthResponse,
    }),
    flags: endpoint({
      method: 'GET',
      path: '/v1/flags',
      operationId: 'platform.flags',
      summary: 'Feature flags of this instance',
      access: PUBLIC_ACCESS,
      status: 200,
      response: FeatureFlags,
    }),
    openApi: endpoint({
      method: 'GET',
      path: '/v1/docs',
      operationId: 'platform.openApi',
      summary: 'The OpenAPI 3.1 description of this API',
      access: PUBLIC_ACCESS,
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
      access: PUBLIC_ACCESS,
      body: SignUpRequest,
      status: 200,
      response: AuthenticationResponse,
    }),
    signIn: endpoint({
      method: 'POST',
      path: '/v1/authentication/sign-in',
      operationId: 'authentication.signIn',
      summary: 'Sign in with email and password',
      access: PUBLIC_ACCESS,
      body: SignInRequest,
      status: 200,
      response: AuthenticationResponse,
    }),
    ...ONE_TIME_CODE_ENDPOINTS,
  },
  federatedAuthn: {
    login: endpoint({
      method: 'GET',
      path: '/v1/authn/federated/login',
      operationId: 'federatedAuthn.login',
      summary: "The provider's sign-in page to send the browser to (Google, when enabled)",
      access: PUBLIC_ACCESS,
      query: FederatedAuthnLoginQuery,
      status: 200,
      response: FederatedAuthnLoginResponse,
    }),
    claim: endpoint({
      method: 'POST',
      path: '/v1/authn/federated/claim',
      operationId: 'federatedAuthn.claim',
      summary: "Sign in (or up) with the provider's code and the login's state",
      access: PUBLIC_ACCESS,
      body: ClaimTokenRequest,
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
      access: PLATFORM_ADMIN_ACCESS,
      body: CreateApiKeyRequest,
      status: 201,
      response: CreatedApiKey,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/api-keys',
      operationId: 'apiKeys.list',
      summary: "List the platform's API keys (never their values)",
      access: PLATFORM_ADMIN_ACCESS,
      query: PageQuery,
      status: 200,
      response: Page(ApiKey),
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/api-keys/:id',
      operationId: 'apiKeys.delete',
      summary: 'Delete an API key',
      access: PLATFORM_ADMIN_ACCESS,
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
      access: PLATFORM_OPERATOR_ACCESS,
      body: CreateProjectRequest,
      status: 201,
      response: Project,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/projects',
      operationId: 'projects.list',
      summary: 'List the projects the caller can reach',
      access: PLATFORM_ACCESS,
      query: ListProjectsQuery,
      status: 200,
      response: Page(Project),
    }),
    get: endpoint({
      method: 'GET',
      path: '/v1/projects/:id',
      operationId: 'projects.get',
      summary: 'Get a project with its plan and analytics',
      access: projectAccess('READ_PROJECT', { from: 'params' }),
      params: IdParams,
      status: 200,
      response: Project,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/projects/:id',
      operationId: 'projects.update',
      summary: 'Update a project',
      access: projectAccess('WRITE_PROJECT', { from: 'params' }),
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
      access: PLATFORM_ADMIN_ACCESS,
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
      access: projectAccess('WRITE_FLOW', { from: 'body' }),
      body: CreateFlowRequest,
      status: 201,
      response: PopulatedFlow,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/flows',
      operationId: 'flows.list',
      summary: "List a project's flows, each with its latest version",
      access: projectAccess('READ_FLOW', { from: 'query' }),
      query: ListFlowsQuery,
      status: 200,
      response: Page(PopulatedFlow),
    }),
    count: endpoint({
      method: 'GET',
      path: '/v1/flows/count',
      operationId: 'flows.count',
      summary: "Count a project's flows (optionally in one folder)",
      access: projectAccess('READ_FLOW', { from: 'query' }),
      query: CountFlowsQuery,
      status: 200,
      response: z.number().int().min(0),
    }),
    get: endpoint({
      method: 'GET',
      path: '/v1/flows/:id',
      operationId: 'flows.get',
      summary: 'Get a flow with its latest version (or the version asked for)',
      access: projectAccess('READ_FLOW', { from: 'entity', entity: 'flow' }),
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
      access: projectAccess(permissionForOperation, { from: 'entity', entity: 'flow' }),
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
      access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flow' }),
      params: IdParams,
      status: 204,
    }),
    listVersions: endpoint({
      method: 'GET',
      path: '/v1/flows/:id/versions',
      operationId: 'flows.listVersions',
      summary: "List a flow's versions, newest first",
      access: projectAccess('READ_FLOW', { from: 'entity', entity: 'flow' }),
      params: IdParams,
      query: PageQuery,
      status: 200,
      response: Page(FlowVersion),
    }),
    getTemplate: endpoint({
      method: 'GET',
      path: '/v1/flows/:id/template',
      operationId: 'flows.getTemplate',
      summary:
        'Export a flow (its latest version, or ?versionId=) as a shared template, as Activepieces does',
      access: projectAccess('READ_FLOW', { from: 'entity', entity: 'flow' }),
      params: IdParams,
      query: GetFlowQuery,
      status: 200,
      response: FlowTemplate,
    }),
  },
  folders: {
    create: endpoint({
      method: 'POST',
      path: '/v1/folders',
      operationId: 'folders.create',
      summary: 'Create a folder (names are unique per project, ignoring case)',
      access: projectAccess('WRITE_FOLDER', { from: 'body' }),
      body: CreateFolderRequest,
      status: 201,
      response: Folder,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/folders/:id',
      operationId: 'folders.update',
      summary: 'Rename a folder',
      access: projectAccess('WRITE_FOLDER', { from: 'entity', entity: 'folder' }),
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
      access: projectAccess('READ_FOLDER', { from: 'entity', entity: 'folder' }),
      params: IdParams,
      status: 200,
      response: Folder,
    }),
    list: endpoint({
      method: 'GET',
      path: '/v1/folders',
      operationId: 'folders.list',
      summary: "List a project's folders",
      access: projectAccess('READ_FOLDER', { from: 'query' }),
      query: ListFoldersQuery,
      status: 200,
      response: Page(Folder),
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/v1/folders/:id',
      operationId: 'folders.delete',
      summary: 'Delete a folder (its flows stay, unfiled)',
      access: projectAccess('WRITE_FOLDER', { from: 'entity', entity: 'folder' }),
      params: IdParams,
      status: 200,
    }),
  },
  appConnections: CONNECTION_ENDPOINTS,
  oauthApps: OAUTH_APP_ENDPOINTS,
  platforms: {
    get: endpoint({
      method: 'GET',
      path: '/v1/platforms/:id',
      operationId: 'platforms.get',
      summary: "Get the caller's platform (its credit balance; null is unlimited)",
      access: PLATFORM_ACCESS,
      params: IdParams,
      status: 200,
      response: Platform,
    }),
    update: endpoint({
      method: 'POST',
      path: '/v1/platforms/:id',
      operationId: 'platforms.update',
      summary: 'Rename the platform or set its credit balance (platform admins)',
      access: PLATFORM_ADMIN_ACCESS,
      params: IdParams,
      body: UpdatePlatformRequest,
      status: 200,
      response: Platform,
    }),
  },
  flowRuns: {
    list: endpoint({
      method: 'GET',
      path: '/v1/flow-runs',
      operationId: 'flowRuns.list',
      summary: "List a project's runs, newest first (without their steps)",
      access: projectAccess('READ_RUN', { from: 'query' }),
      query: ListFlowRunsQuery,
      status: 200,
      response: Page(FlowRun),
    }),
    storageUsage: endpoint({
      method: 'GET',
      path: '/v1/flow-runs/storage-usage',
      operationId: 'flowRuns.storageUsage',
      summary:
        'How much run data a project keeps, per flow (approximate bytes), and how many days finished runs are kept',
      access: projectAccess('READ_RUN', { from: 'query' }),
      query: StorageUsageQuery,
      status: 200,
      response: ProjectStorageUsage,
    }),
    get: endpoint({
      method: 'GET',
      path: '/v1/flow-runs/:id',
      operationId: 'flowRuns.get',
      summary: 'Get a run with its steps and failed step',
      access: projectAccess('READ_RUN', { from: 'entity', entity: 'flowRun' }),
      params: IdParams,
      status: 200,
      response: FlowRun,
    }),
    retry: endpoint({
      method: 'POST',
      path: '/v1/flow-runs/:id/retry',
      operationId: 'flowRuns.retry',
      summary: 'Retry a finished run from its failed step, or as a new run on the latest published version',
      access: projectAccess('WRITE_RUN', { from: 'entity', entity: 'flowRun' }),
      params: IdParams,
      body: RetryFlowRunRequest,
      status: 200,
      response: FlowRun,
    }),
    retryMany: endpoint({
      method: 'POST',
      path: '/v1/flow-runs/retry',
      operationId: 'flowRuns.retryMany',
      summary:
        'Retry every selected run (by ids or by filter, less excludeFlowRunIds) with one strategy; answers how many were retried',
      access: projectAccess('WRITE_RUN', { from: 'body' }),
      body: BulkRetryFlowRunsRequest,
      status: 200,
      response: BulkFlowRunsResult,
    }),
    archive: endpoint({
      method: 'POST',
      path: '/v1/flow-runs/archive',
      operationId: 'flowRuns.archive',
      summary:
        'Archive every selected run (by ids or by filter): archived runs leave the default list; answers how many were archived',
      access: projectAccess('WRITE_RUN', { from: 'body' }),
      body: ArchiveFlowRunsRequest,
      status: 200,
      response: BulkFlowRunsResult,
    }),
    cancel: endpoint({
      method: 'POST',
      path: '/v1/flow-runs/cancel',
      operationId: 'flowRuns.cancel',
      summary:
        'Cancel the selected runs (by ids or by filter): QUEUED and PAUSED ones at once, RUNNING ones stopped (their finished steps kept); answers each run it reached as it is after (CANCELED, or the end it already had)',
      access: projectAccess('WRITE_RUN', { from: 'body' }),
      body: CancelFlowRunsRequest,
      status: 200,
      response: z.array(FlowRun),
    }),
    test: endpoint({
      method: 'POST',
      path: '/v1/flow-runs/test',
      operationId: 'flowRuns.test',
      summary: "Start a TESTING run of a flow version (the draft) with its trigger's sample data",
      access: projectAccess('WRITE_RUN', { from: 'body' }),
      body: TestFlowRunRequest,
      status: 200,
      response: FlowRun,
    }),
    resume: endpoint({
      method: 'ALL',
      path: '/v1/flow-runs/:id/requests/:requestId',
      operationId: 'flowRuns.resume',
      summary: 'Resume a run paused on a webhook wait (public: the request id is the credential)',
      access: PUBLIC_ACCESS,
      params: z.object({ id: Id, requestId: z.string().min(1) }),
      body: z.unknown(),
      status: 200,
    }),
    resumeSync: endpoint({
      method: 'ALL',
      path: '/v1/flow-runs/:id/requests/:requestId/sync',
      operationId: 'flowRuns.resumeSync',
      summary:
        "Resume a paused run and answer with the flow's response (204 after AP_WEBHOOK_TIMEOUT_SECONDS)",
      access: PUBLIC_ACCESS,
      params: z.object({ id: Id, requestId: z.string().min(1) }),
      body: z.unknown(),
      status: 200,
    }),
  },
  webhooks: WEBHOOK_ENDPOINTS,
  pieces: PIECE_ENDPOINTS,
  triggers: TRIGGER_ENDPOINTS,
  sampleData: SAMPLE_DATA_ENDPOINTS,
  flowTests: FLOW_TEST_ENDPOINTS,
  stepFiles: STEP_FILE_ENDPOINTS,
  users: USER_ENDPOINTS,
  twoFactor: TWO_FACTOR_ENDPOINTS,
  scim: SCIM_ENDPOINTS,
  sessions: SESSION_ENDPOINTS,
  projectMembers: PROJECT_MEMBER_ENDPOINTS,
  projectRoles: PROJECT_ROLE_ENDPOINTS,
  userInvitations: INVITATION_ENDPOINTS,
  alerts: ALERT_ENDPOINTS,
  stuckRuns: STUCK_RUN_ENDPOINTS,
  signingKeys: SIGNING_KEY_ENDPOINTS,
  managedAuthn: MANAGED_AUTHN_ENDPOINTS,
  embedding: EMBEDDING_ENDPOINTS,
  mcpServers: MCP_SERVER_ENDPOINTS,
  mcpOAuth: MCP_OAUTH_ENDPOINTS,
  tables: TABLE_ENDPOINTS,
  fields: FIELD_ENDPOINTS,
  records: RECORD_ENDPOINTS,
  tableWebhooks: TABLE_WEBHOOK_ENDPOINTS,
  templates: TEMPLATE_ENDPOINTS,
  projectReleases: PROJECT_RELEASE_ENDPOINTS,
  gitRepos: GIT_REPO_ENDPOINTS,
  eventDestinations: EVENT_DESTINATION_ENDPOINTS,
  platformBilling: PLATFORM_BILLING_ENDPOINTS,
  globalConnections: GLOBAL_CONNECTION_ENDPOINTS,
  aiProviders: AI_PROVIDER_ENDPOINTS,
  agentRuns: AGENT_RUN_ENDPOINTS,
  impact: IMPACT_ENDPOINTS,
  humanInput: HUMAN_INPUT_ENDPOINTS,
  samlAuthn: SAML_ENDPOINTS,
  auditEvents: {
    list: endpoint({
      method: 'GET',
      path: '/v1/audit-events',
      operationId: 'auditEvents.list',
      summary: "List the platform's audit events, newest first (platform admins)",
      access: PLATFORM_ADMIN_ACCESS,
      query: ListAuditEventsQuery,
      status: 200,
      response: Page(AuditEvent),
    }),
  },
} as const;

/** Every endpoint of {@link ENDPOINTS} as one flat list. */
export const ALL_ENDPOINTS = Object.values(ENDPOINTS).flatMap((area) => Object.values(area));
