/**
 * The `Database` map of every table, as Kysely sees them; the row types live per area in `rows/`
 * and are re-exported here.
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
import type { PieceCatalogueEntryTable } from './rows/piece-catalogue-rows';
import type { ImpactRunDayTable, ImpactStepFailureDayTable } from './rows/impact-rows';
import type { SamlAssertionTable, SamlRequestTable, SamlSignInCodeTable } from './rows/saml-rows';
import type {
  ApiKeyTable,
  OneTimeCodeTable,
  PlatformTable,
  ProjectTable,
  ProjectMemberTable,
  ProjectRoleTable,
  RateLimitTable,
  SigningKeyTable,
  UserTable,
  UserInvitationTable,
} from './rows/identity-rows';
import type {
  AlertTable,
  AppConnectionTable,
  AppConnectionProjectTable,
  AuditEventTable,
  FileTable,
  FlowTable,
  FlowVersionTable,
  FolderTable,
  OAuthAppTable,
} from './rows/flow-rows';
import type {
  AppEventListenerTable,
  FlowRunTable,
  FlowRunStepTable,
  JobTable,
  ScheduleTable,
  StoreEntryTable,
  TriggerEventTable,
  TriggerSourceTable,
  WaitpointTable,
} from './rows/execution-rows';
import type {
  McpOAuthClientTable,
  McpOAuthCodeTable,
  McpOAuthGrantTable,
  McpOAuthRefreshTokenTable,
  McpServerTable,
} from './rows/mcp-rows';
import type {
  DataTableTable,
  TableCellTable,
  TableFieldTable,
  TableRecordTable,
  TableWebhookTable,
} from './rows/table-rows';
import type {
  EventDeliveryTable,
  EventDestinationTable,
  GitRepoTable,
  ProjectReleaseTable,
  TemplateTable,
} from './rows/platform-feature-rows';
import type { AgentRunTable } from './rows/agent-rows';
import type { FlowTestCaseTable } from './rows/flow-test-rows';
import type {
  RememberedDeviceTable,
  TwoFactorRecoveryCodeTable,
  UserTwoFactorTable,
} from './rows/two-factor-rows';
import type { UserSessionTable } from './rows/user-session-rows';
import type { AIProviderTable, AIWebSearchSettingTable } from './rows/ai-provider-rows';

export type * from './rows/column-types';
export type * from './rows/identity-rows';
export type * from './rows/flow-rows';
export type * from './rows/execution-rows';
export type * from './rows/mcp-rows';
export type * from './rows/table-rows';
export type * from './rows/platform-feature-rows';
export type * from './rows/ai-provider-rows';
export type * from './rows/agent-rows';
export type * from './rows/piece-catalogue-rows';
export type * from './rows/two-factor-rows';
export type * from './rows/flow-test-rows';
export type * from './rows/user-session-rows';

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
  gitRepo: GitRepoTable;
  eventDestination: EventDestinationTable;
  eventDelivery: EventDeliveryTable;
  agentRun: AgentRunTable;
  aiProvider: AIProviderTable;
  aiWebSearchSetting: AIWebSearchSettingTable;
  pieceCatalogueEntry: PieceCatalogueEntryTable;
  impactRunDay: ImpactRunDayTable;
  impactStepFailureDay: ImpactStepFailureDayTable;
  flowTestCase: FlowTestCaseTable;
  userTwoFactor: UserTwoFactorTable;
  twoFactorRecoveryCode: TwoFactorRecoveryCodeTable;
  rememberedDevice: RememberedDeviceTable;
  samlAssertion: SamlAssertionTable;
  samlRequest: SamlRequestTable;
  samlSignInCode: SamlSignInCodeTable;
  userSession: UserSessionTable;
}
