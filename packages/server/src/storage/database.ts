/**
 * The row types of every table, as Kysely sees them.
 *
 * Portable storage types, so the same schema runs on SQLite and PostgreSQL:
 * - ids are `text` (21-character nanoid-style strings minted by the server, never auto-increment);
 * - timestamps are `text` ISO-8601 UTC strings (`2026-01-02T03:04:05.678Z`), which sort in time
 *   order as text and give the `(created, id)` cursor a total order;
 * - booleans are `integer` 0/1 ({@link SqlBoolean}); SQLite has no boolean type;
 * - JSON documents are `text` holding `JSON.stringify` output ({@link JsonText}), parsed by the
 *   data layer, never queried into by SQL.
 * Column names are the API's camelCase field names, so rows map to API objects without renaming.
 */
import type { ColumnType, Generated } from 'kysely';
import type { AgentRunTable } from './rows/agent-rows';
import type { AIProviderTable, AIWebSearchSettingTable } from './rows/ai-provider-rows';

/** A boolean stored as `0` or `1`. */
export type SqlBoolean = 0 | 1;

/** A JSON document stored as text (the output of `JSON.stringify`). */
export type JsonText = string;

/** An ISO-8601 UTC timestamp stored as text. */
export type Timestamp = string;

/** Columns every mutable entity carries. */
interface Timestamps {
  created: Timestamp;
  updated: Timestamp;
}

/** `platform`: the tenant; owns users, projects and API keys. */
export interface PlatformTable extends Timestamps {
  id: string;
  name: string;
  /** Remaining run credits; `null` means unlimited. */
  credits: number | null;
  /** Sign-in rules (`PlatformAuthSettings`); `allowedAuthDomains` is a JSON array of domains. */
  emailAuthEnabled: Generated<SqlBoolean>;
  allowedAuthDomains: Generated<JsonText>;
  enforceAllowedAuthDomains: Generated<SqlBoolean>;
  googleAuthEnabled: Generated<SqlBoolean>;
  /** JSON array of the origins (`EmbedOrigin`) allowed to frame the web app, besides AP_ALLOWED_EMBED_ORIGINS. */
  allowedEmbedOrigins: Generated<JsonText>;
  /** The activated license key (verified again on every plan read), or null: the free plan. */
  licenseKey: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `user`: a person on one platform; the email is unique per platform. */
export interface UserTable extends Timestamps {
  id: string;
  platformId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  platformRole: string;
  status: string;
  /** The user's id in the embedding product (reference: managed auth), or null. */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the user confirmed their email address (existing and invited users count as verified). */
  verified: Generated<SqlBoolean>;
  /** Part of every session token: bumped by a password reset, which ends the user's sessions. */
  tokenVersion: Generated<number>;
}

/** `oneTimeCode`: an emailed code (its SHA-256) per user and kind, valid until `expiresAt`. */
export interface OneTimeCodeTable {
  userId: string;
  type: string;
  codeHash: string;
  expiresAt: string;
  created: string;
}

/** `alert`: who is emailed when a production run of the project fails. */
export interface AlertTable extends Timestamps {
  id: string;
  projectId: string;
  channel: string;
  receiver: string;
}

/** `project`: the scope of flows, folders and connections. */
export interface ProjectTable extends Timestamps {
  id: string;
  platformId: string;
  ownerId: string;
  displayName: string;
  type: string;
  iconColor: string | null;
  releasesEnabled: Generated<SqlBoolean>;
  maxConcurrentJobs: number | null;
  externalId: string | null;
  metadata: JsonText | null;
  /** The project's plan (`ProjectPlan` without its own timestamps' meaning beyond display). */
  plan: JsonText;
}

/** `projectMember`: a user's membership of a project, with its role (unique per project and user). */
export interface ProjectMemberTable extends Timestamps {
  id: string;
  platformId: string;
  projectId: string;
  userId: string;
  /** The member's `projectRole` (a default role or one of the platform's custom roles). */
  projectRoleId: string;
}

/**
 * `projectRole`: a named set of project permissions. DEFAULT roles (Admin, Editor, Viewer) have
 * `platformId` null and fixed ids; CUSTOM roles belong to one platform, their name unique there.
 */
export interface ProjectRoleTable extends Timestamps {
  id: string;
  platformId: string | null;
  name: string;
  /** JSON array of `Permission` names. */
  permissions: JsonText;
  /** `DEFAULT` or `CUSTOM`. */
  type: string;
}

/**
 * `userInvitation`: an email invited to the platform (`type` PLATFORM, with `platformRole`) or to
 * a project (`type` PROJECT, with `projectId` and `projectRoleId`); `status` PENDING or ACCEPTED.
 * One row per platform, email and project: inviting again updates it.
 */
export interface UserInvitationTable extends Timestamps {
  id: string;
  platformId: string;
  email: string;
  type: string;
  status: string;
  platformRole: string | null;
  projectId: string | null;
  projectRoleId: string | null;
}

/** `apiKey`: a platform API key; only its hash and a truncated form are stored. */
export interface ApiKeyTable extends Timestamps {
  id: string;
  platformId: string;
  displayName: string;
  hashedValue: string;
  truncatedValue: string;
  lastUsedAt: Timestamp | null;
}

/** `signingKey`: a platform's RSA public key (PEM, SPKI) verifying managed-auth JWTs; never the private key. */
export interface SigningKeyTable extends Timestamps {
  id: string;
  platformId: string;
  displayName: string;
  publicKey: string;
  /** Always `RSA` (the JWTs are RS256). */
  algorithm: string;
}

/** `folder`: groups flows inside a project. */
export interface FolderTable extends Timestamps {
  id: string;
  projectId: string;
  displayName: string;
  displayOrder: Generated<number>;
}

/** `flow`: a flow and its publication state; its versions live in `flowVersion`. */
export interface FlowTable extends Timestamps {
  id: string;
  projectId: string;
  folderId: string | null;
  externalId: string | null;
  ownerId: string | null;
  status: string;
  operationStatus: string;
  publishedVersionId: string | null;
  metadata: JsonText | null;
  timeSavedPerRun: number | null;
  templateId: string | null;
}

/** `flowVersion`: one version (draft or locked) of a flow. */
export interface FlowVersionTable extends Timestamps {
  id: string;
  flowId: string;
  displayName: string;
  trigger: JsonText;
  valid: SqlBoolean;
  schemaVersion: string | null;
  state: string;
  updatedBy: string | null;
  notes: JsonText;
  connectionIds: JsonText;
  /** JSON array of `FlowValidationIssue`; null for versions saved before reasons were kept. */
  validationIssues: JsonText | null;
}

/**
 * `appConnection`: an encrypted credential. A PROJECT-scope row has its `projectId` (`externalId`
 * unique per project); a PLATFORM-scope (global) row has its `platformId` instead (`externalId`
 * unique per platform), and the projects that may use it in `appConnectionProject`.
 */
export interface AppConnectionTable extends Timestamps {
  id: string;
  projectId: string | null;
  /** The platform of a global connection; null on a project connection (its project's platform). */
  platformId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Global connections: every project created afterwards is added to it. */
  preSelectForNewProjects: Generated<SqlBoolean>;
  externalId: string;
  value: string;
  type: string;
  pieceName: string;
  pieceVersion: string | null;
  displayName: string;
  status: string;
  scope: string;
  /** The user who created the connection (null when an API key did). */
  ownerId: string | null;
  metadata: JsonText | null;
  /** Who is refreshing the OAuth2 tokens now (a random id), or null; see `refreshLeaseUntil`. */
  refreshLeaseId: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the refresh lease runs out (ISO); a lease past it may be taken over. */
  refreshLeaseUntil: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** `appConnectionProject`: a project that may use a global connection. */
export interface AppConnectionProjectTable {
  connectionId: string;
  projectId: string;
}

/** `oauthApp`: a platform's own OAuth2 client for one piece (unique per platform and piece); the secret sealed. */
export interface OAuthAppTable extends Timestamps {
  id: string;
  platformId: string;
  pieceName: string;
  clientId: string;
  clientSecret: string;
}

/** `file`: a stored document (sample data; run logs later), kept apart from the rows that point to it. */
export interface FileTable extends Timestamps {
  id: string;
  projectId: string;
  /** What the file holds, e.g. `SAMPLE_DATA`, `SAMPLE_DATA_INPUT`. */
  type: string;
  /** The document as JSON text. */
  data: JsonText;
  /** Size of `data` in bytes (UTF-8). */
  size: number;
  /**
   * The flow whose runs stored it (run outputs, webhook and resume bodies): deleted with the
   * flow. Null (or left out) for files of no flow, such as sample data.
   */
  flowId?: string | null;
}

/** `auditEvent`: an append-only record of who did what. */
export interface AuditEventTable {
  id: string;
  platformId: string;
  projectId: string | null;
  projectDisplayName: string | null;
  action: string;
  data: JsonText;
  userId: string | null;
  userEmail: string | null;
  ip: string | null;
  created: Timestamp;
}

/** `flowRun`: one run of a flow version; its step records live in `flowRunStep`. */
export interface FlowRunTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  flowId: string;
  flowVersionId: string;
  /** The version's display name when the run was created (events and lists). */
  flowDisplayName: string;
  /** PRODUCTION or TESTING. */
  environment: string;
  status: string;
  triggeredBy: string | null;
  parentRunId: string | null;
  failParentOnFailure: Generated<SqlBoolean>;
  /** JSON array of strings. */
  tags: JsonText | null;
  stepNameToTest: string | null;
  /** The trigger payload (kept so a QUOTA_EXCEEDED or failed run can be retried). */
  triggerPayload: JsonText | null;
  /** JSON `{name, displayName, message}`. */
  failedStep: JsonText | null;
  /**
   * JSON pause metadata of a PAUSED run (DELAY `{resumeDateTime}` / WEBHOOK `{requestId, response}`),
   * with `pausedPath`, the place of the step that paused.
   */
  pause: JsonText | null;
  /** JSON `{status, body, headers}` the flow answered with (sync webhooks). */
  response: JsonText | null;
  stepsCount: Generated<number>;
  logsFileId: string | null;
  internalError: string | null;
  startTime: Timestamp | null;
  finishTime: Timestamp | null;
  archivedAt: Timestamp | null;
}

/** `flowRunStep`: a finished step's record, written as the step finishes; `path` is unique per run. */
export interface FlowRunStepTable {
  runId: string;
  /** The step's place: `step_2`, or `step_1[0].step_2` inside iteration 0 of loop `step_1`. */
  path: string;
  stepName: string;
  /** Order of arrival within the run. */
  position: number;
  /** JSON `StepOutput`. */
  record: JsonText;
  created: Timestamp;
}

/** `job`: the durable queue. A job is QUEUED until a worker claims it (RUNNING, with a lease). */
export interface JobTable extends Timestamps {
  id: string;
  runId: string;
  projectId: string;
  /** EXECUTE, RESUME, RETRY_FROM_FAILED_STEP or TEST_STEP. */
  kind: string;
  /** JSON: what the kind needs beyond the run (a resume payload...). */
  payload: JsonText | null;
  status: string;
  /** Not claimed before this instant (delays, retries). */
  availableAt: Timestamp;
  lockedBy: string | null;
  /** The claim's lease: after it, the job is taken up again (its worker vanished). */
  lockedUntil: Timestamp | null;
  attempts: Generated<number>;
}

/** `waitpoint`: where a PAUSED run waits: a time (DELAY) or a resume URL (WEBHOOK, `id` = requestId). */
export interface WaitpointTable {
  id: string;
  runId: string;
  type: string;
  resumeAt: Timestamp | null;
  created: Timestamp;
}

/** `schedule`: the next due time of an enabled flow with a schedule trigger. */
export interface ScheduleTable extends Timestamps {
  flowId: string;
  projectId: string;
  flowVersionId: string;
  cronExpression: string;
  timezone: string;
  nextRunAt: Timestamp;
}

/** `storeEntry`: the Store piece's key/value pairs, per project (flow-scoped keys are prefixed). */
export interface StoreEntryTable {
  projectId: string;
  key: string;
  value: JsonText;
  updated: Timestamp;
}

/**
 * `triggerSource`: the trigger of an enabled flow whose `onEnable` ran (not the schedule piece's):
 * strategy, and for POLLING its cron and next poll, for a renewing WEBHOOK its renewal cron and
 * next renewal.
 */
export interface TriggerSourceTable extends Timestamps {
  flowId: string;
  projectId: string;
  flowVersionId: string;
  pieceName: string;
  pieceVersion: string;
  triggerName: string;
  strategy: string;
  pollCron: string | null;
  pollTimezone: string | null;
  nextPollAt: Timestamp | null;
  renewCron: string | null;
  nextRenewAt: Timestamp | null;
}

/** `triggerEvent`: an item a poll returned whose run is still to be created (the poll outbox). */
export interface TriggerEventTable {
  id: string;
  flowId: string;
  projectId: string;
  flowVersionId: string;
  payload: JsonText;
  created: Timestamp;
}

/** `appEventListener`: an APP_WEBHOOK trigger's listener (`ctx.app.createListeners`), per event. */
export interface AppEventListenerTable {
  flowId: string;
  projectId: string;
  pieceName: string;
  event: string;
  identifierValue: string;
}

/** `rateLimit`: a rate-limit counter (authentication routes, without Redis) and when its window ends. */
export interface RateLimitTable {
  key: string;
  count: number;
  expiresAt: Timestamp;
}

/** `mcpServer`: a project's MCP server; the project MCP token hashed (lookup) and sealed (showing). */
export interface McpServerTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  /** `ENABLED` or `DISABLED`. */
  status: string;
  /** SHA-256 (hex) of the project MCP token. */
  hashedToken: string;
  /** The token sealed by the secret box (shown on the project's MCP page). */
  sealedToken: string;
}

/** `tableWebhook`: record events of a table that start runs of a flow (or go to `webhookUrl`). */
export interface TableWebhookTable extends Timestamps {
  id: string;
  projectId: string;
  tableId: string;
  flowId: string;
  /** JSON array of RECORD_CREATED / RECORD_UPDATED / RECORD_DELETED. */
  events: string;
  webhookUrl: string;
}

/** `mcpOAuthClient`: an OAuth client registered at `/register` (RFC 7591). */
export interface McpOAuthClientTable extends Timestamps {
  /** The `client_id`. */
  id: string;
  clientName: string | null;
  redirectUris: JsonText;
  grantTypes: JsonText;
  responseTypes: JsonText;
  /** `client_secret_basic`, `client_secret_post` or `none`, as registered (kept for life: SPEC). */
  tokenEndpointAuthMethod: string;
  /** SHA-256 (hex) of the client secret; null for public clients. */
  hashedSecret: string | null;
}

/** `mcpOAuthGrant`: one approval of a client by a user for a project; the family of its tokens. */
export interface McpOAuthGrantTable extends Timestamps {
  id: string;
  clientId: string;
  userId: string;
  projectId: string;
  platformId: string;
  scopes: JsonText;
  lastUsedAt: Timestamp | null;
  /** Set when the family is revoked: its refresh and access tokens stop working at once. */
  revokedAt: Timestamp | null;
}

/** `mcpOAuthCode`: a one-time authorization code (10 minutes), bound to client, redirect URI and PKCE challenge. */
export interface McpOAuthCodeTable {
  hashedCode: string;
  clientId: string;
  userId: string;
  projectId: string;
  platformId: string;
  redirectUri: string;
  /** The S256 `code_challenge`. */
  codeChallenge: string;
  scopes: JsonText;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** The grant the first exchange made (a reuse of the code revokes it). */
  grantId: string | null;
  created: Timestamp;
}

/** `mcpOAuthRefreshToken`: a refresh token of a grant, hashed; a used (rotated) one is kept to detect reuse. */
export interface McpOAuthRefreshTokenTable {
  hashedToken: string;
  grantId: string;
  clientId: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  created: Timestamp;
}

/** `dataTable`: a table of a project (user data: fields, records, cells below). */
export interface DataTableTable extends Timestamps {
  id: string;
  projectId: string;
  name: string;
  folderId: string | null;
  externalId: string;
  /** `ENABLED`, `DISABLED` or null. */
  status: string | null;
  /** `ON_NEW_RECORD`, `ON_UPDATE_RECORD` or null. */
  trigger: string | null;
}

/** `tableField`: a field (column) of a table; `data` the JSON of a dropdown's options. */
export interface TableFieldTable extends Timestamps {
  id: string;
  tableId: string;
  projectId: string;
  name: string;
  /** A `FieldType`. */
  type: string;
  externalId: string;
  data: JsonText | null;
}

/** `tableRecord`: a record (row) of a table; `seq` its creation order within the table. */
export interface TableRecordTable extends Timestamps {
  id: string;
  tableId: string;
  projectId: string;
  seq: number;
}

/**
 * `tableCell`: the value of one field of one record, as text; `number` and `instant` (epoch ms)
 * the same text read as a number or a date, null when it is not one (filters compare these).
 */
export interface TableCellTable extends Timestamps {
  recordId: string;
  fieldId: string;
  tableId: string;
  value: string | null;
  number: number | null;
  instant: number | null;
}

/** `template`: a CUSTOM or SHARED template kept by a platform (OFFICIAL ones ship as files). */
export interface TemplateTable extends Timestamps {
  id: string;
  platformId: string;
  /** The user who made it; null when an API key did. */
  ownerId: string | null;
  /** `CUSTOM` or `SHARED`. */
  type: string;
  /** `PUBLISHED` or `ARCHIVED`. */
  status: string;
  name: string;
  summary: string;
  description: string;
  author: string;
  /** JSON arrays: `TemplateTag[]`, category names, piece names. */
  tags: JsonText;
  categories: JsonText;
  pieces: JsonText;
  blogUrl: string | null;
  metadata: JsonText | null;
  /** JSON arrays: `TemplateFlow[]` and `TableDefinition[]`. */
  flows: JsonText;
  tables: JsonText;
}

/** `projectRelease`: a release applied to a project, with the state it applied (JSON). */
export interface ProjectReleaseTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  name: string;
  description: string | null;
  type: string;
  sourceProjectId: string | null;
  /** The user who made the release (null for an API key). */
  importedBy: string | null;
  state: JsonText;
}

/**
 * `eventDestination`: an HTTP endpoint of a platform that receives its audit events; `events` is
 * a JSON array of actions (empty: all), the signing secret sealed by the secret box.
 */
export interface EventDestinationTable extends Timestamps {
  id: string;
  platformId: string;
  url: string;
  events: JsonText;
  displayName: string | null;
  enabled: SqlBoolean;
  sealedSecret: string;
}

/**
 * `eventDelivery`: one attempt to deliver one audit event to one destination (the queue and the
 * log). PENDING until sent, due at `dueAt` (moved forward as a lease while a dispatcher sends);
 * then DELIVERED, RETRYING (a row of the next attempt follows, due at `nextAttemptAt`) or FAILED.
 */
export interface EventDeliveryTable extends Timestamps {
  id: string;
  platformId: string;
  destinationId: string;
  eventId: string;
  action: string;
  attempt: number;
  status: string;
  dueAt: Timestamp;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
  nextAttemptAt: Timestamp | null;
}

/** Every table, keyed by its SQL name. */
export interface Database {
  platform: PlatformTable;
  user: UserTable;
  project: ProjectTable;
  projectMember: ProjectMemberTable;
  projectRole: ProjectRoleTable;
  userInvitation: UserInvitationTable;
  apiKey: ApiKeyTable;
  signingKey: SigningKeyTable;
  folder: FolderTable;
  flow: FlowTable;
  flowVersion: FlowVersionTable;
  appConnection: AppConnectionTable;
  appConnectionProject: AppConnectionProjectTable;
  oauthApp: OAuthAppTable;
  file: FileTable;
  auditEvent: AuditEventTable;
  flowRun: FlowRunTable;
  flowRunStep: FlowRunStepTable;
  job: JobTable;
  waitpoint: WaitpointTable;
  schedule: ScheduleTable;
  storeEntry: StoreEntryTable;
  triggerSource: TriggerSourceTable;
  triggerEvent: TriggerEventTable;
  appEventListener: AppEventListenerTable;
  oneTimeCode: OneTimeCodeTable;
  alert: AlertTable;
  rateLimit: RateLimitTable;
  mcpServer: McpServerTable;
  mcpOAuthClient: McpOAuthClientTable;
  mcpOAuthGrant: McpOAuthGrantTable;
  mcpOAuthCode: McpOAuthCodeTable;
  mcpOAuthRefreshToken: McpOAuthRefreshTokenTable;
  dataTable: DataTableTable;
  tableField: TableFieldTable;
  tableRecord: TableRecordTable;
  tableCell: TableCellTable;
  tableWebhook: TableWebhookTable;
  template: TemplateTable;
  projectRelease: ProjectReleaseTable;
  eventDestination: EventDestinationTable;
  eventDelivery: EventDeliveryTable;
  agentRun: AgentRunTable;
  aiProvider: AIProviderTable;
  aiWebSearchSetting: AIWebSearchSettingTable;
}
