/**
 * `@piecework/server`: Piecework's REST server — Fastify on an embedded SQLite file (Kysely over
 * better-sqlite3, WAL, versioned migrations run at start), every route of `ENDPOINTS` from
 * `@piecework/shared` validated by its schemas, one `{code, params}` error shape, session tokens
 * and platform API keys, tenancy by platform and project; runs through a durable job queue in the
 * same database, executed by the engine in worker threads (`ctx.runs`, see `RunRuntime`).
 *
 * @example
 * ```ts
 * import { createServer } from '@piecework/server';
 * const server = await createServer({ env: { AP_CONFIG_PATH: './.piecework', AP_PORT: '3000' } });
 * const url = await server.listen(); // http://127.0.0.1:3000
 * // ... later
 * await server.close();
 * ```
 * Or from a shell: `npx piecework start`.
 * @module
 */
export type {
  ApiKeyTable,
  AppConnectionTable,
  AppConnectionProjectTable,
  AuditEventTable,
  Database,
  FileTable,
  FlowRunStepTable,
  FlowRunTable,
  FlowTable,
  FlowVersionTable,
  FolderTable,
  JobTable,
  JsonText,
  OAuthAppTable,
  PlatformTable,
  ProjectMemberTable,
  ProjectRoleTable,
  ProjectTable,
  RateLimitTable,
  ScheduleTable,
  SqlBoolean,
  StoreEntryTable,
  Timestamp,
  TriggerEventTable,
  TriggerSourceTable,
  AppEventListenerTable,
  UserInvitationTable,
  UserTable,
  WaitpointTable,
  OneTimeCodeTable,
  AlertTable,
  SigningKeyTable,
  McpServerTable,
  McpOAuthClientTable,
  McpOAuthGrantTable,
  McpOAuthCodeTable,
  McpOAuthRefreshTokenTable,
  EventDestinationTable,
  EventDeliveryTable,
  TableWebhookTable,
  ProjectReleaseTable,
  GitRepoTable,
  TemplateTable,
  DataTableTable,
  TableFieldTable,
  TableRecordTable,
  TableCellTable,
  AgentRunTable,
  AIProviderTable,
  AIWebSearchSettingTable,
  PieceCatalogueEntryTable,
} from './infrastructure/storage/database';
export type { ImpactRunDayTable, ImpactStepFailureDayTable } from './infrastructure/storage/rows/impact-rows';
export type { FlowTestCaseTable } from './infrastructure/storage/rows/flow-test-rows';
export type {
  SamlAssertionTable,
  SamlRequestTable,
  SamlSignInCodeTable,
} from './infrastructure/storage/rows/saml-rows';
export type {
  RememberedDeviceTable,
  TwoFactorRecoveryCodeTable,
  UserTwoFactorTable,
} from './infrastructure/storage/rows/two-factor-rows';
export type { UserSessionTable } from './infrastructure/storage/rows/user-session-rows';
export type { RunRetentionOptions } from './modules/run-retention/run-retention-timer';
export type {
  CatalogueStore,
  CatalogueEntryInput,
  CatalogueSource,
  IndexedCatalogueEntry,
} from './modules/pieces/catalogue-store';
export type { ServerPieceCatalogue } from './modules/pieces/server-piece-catalogue';
export type { EmailMessage, Mailer } from './infrastructure/email/mailer';
export { migrateToLatest } from './infrastructure/storage/migrate';
export { migrations, staticMigrationProvider } from './infrastructure/storage/migrations';
export { openSqliteDatabase } from './infrastructure/storage/open-sqlite';
export type { OpenSqliteOptions } from './infrastructure/storage/open-sqlite';
export { writeTransaction } from './infrastructure/storage/write-transaction';
export type { DataStore } from './infrastructure/storage/data-store';
export type { WriteOptions } from './infrastructure/storage/group-commit';
export { openSqliteStore } from './infrastructure/storage/data-store';
export { openPostgresStore } from './infrastructure/storage/open-postgres';
export type { PostgresSettings } from './infrastructure/storage/postgres-pool';
export { openStore } from './infrastructure/storage/open-store';
export { createServer } from './create-server';
export type { CreateServerOptions, PieceworkServer } from './create-server';
export type { HttpTimeoutOptions } from './infrastructure/http/http-timeouts';
export type { EventDeliveryOptions } from './modules/event-destinations/delivery-policy';
export type { GithubEndpoints } from './modules/federated-authn/github-provider';
export type { GoogleEndpoints } from './modules/federated-authn/google-provider';
export { loadServerSettings } from './infrastructure/config/server-settings';
export type { ServerSettings } from './infrastructure/config/server-settings';
export type { OtelLogSettings } from './infrastructure/config/otel-log-settings';
export type { ServerBase, ServerContext } from './server-context';
export type { PieceAvailability } from './modules/pieces/piece-availability';
export type { DedupeWindow, UniqueItems } from './modules/triggers/dedupe-window';
export type { EmbedOriginsCache } from './modules/embedding/embed-origins-cache';
export type {
  RecordEvent,
  RecordEventListener,
  RecordEventType,
  RecordEvents,
} from './modules/tables/record-events';
export type {
  AwaitedResponse,
  CreatedRun,
  FlowResponse,
  FollowUpJob,
  NewRun,
  RunRuntime,
  RunRuntimeEvents,
} from './execution/run-runtime';
export { createRunRuntime } from './execution/create-run-runtime';
export type { RunRuntimeOptions } from './execution/create-run-runtime';
export type { RunEndWrite } from './execution/run-end-write';
export type { FlowRunRow } from './infrastructure/storage/rows/execution-rows';
export type {
  AgentToolbox,
  AgentToolHandle,
  AgentToolScope,
  OpenAgentToolbox,
} from './execution/agents/agent-toolbox';
export type { RunProject } from './execution/lifecycle/start-runs';
export { JobKind, JobStatus } from './execution/job-queue';
export type { ClaimedJob, JobQueue, NewJob, OnClaimed } from './execution/job-queue';
export type { OnRunsClaimed, RunQueue } from './execution/run-queue';
export { SqlJobQueue } from './execution/sql-job-queue';
export type { SqlJobQueueOptions } from './execution/sql-job-queue';
export type { RunSignal, RunSignals } from './execution/signals/run-signals';
export { LocalRunSignals } from './execution/signals/run-signals';
export type { WorkerAdmission } from './execution/workers/worker-registry';
export { runStartCommand } from './cli/start-command';
export type { CommandIo, StartedServer } from './cli/start-command';
export type { Principal, ServicePrincipal, UserPrincipal } from './infrastructure/auth/principal';
export { SecretBox } from './infrastructure/auth/secret-box';
export { SESSION_LIFETIME_MS, SessionTokens } from './infrastructure/auth/session-tokens';
export type { IssuedSessionClaims, SessionClaims } from './infrastructure/auth/session-tokens';
export { McpAccessTokens } from './modules/mcp-oauth/mcp-access-tokens';
export type { McpAccessClaims } from './modules/mcp-oauth/mcp-access-tokens';
