/**
 * `@piecework/shared`: the interface of Piecework. Zod schemas with their inferred types (one
 * name for both) for every resource, enum, flow operation, event and error of the spec, and the
 * pure flow-version algebra used by the server and the engine.
 *
 * @example
 * ```ts
 * import { FlowOperation, applyFlowOperation } from '@piecework/shared';
 * const operation = FlowOperation.parse(body);
 * const next = applyFlowOperation(version, operation, { now: new Date().toISOString() });
 * ```
 * @module
 */
export { ALL_ENDPOINTS, ENDPOINTS } from './api/endpoints';
export { IdParams, endpoint } from './api/endpoint';
export type {
  AuthOf,
  Endpoint,
  EndpointAuth,
  EndpointInput,
  EndpointOutput,
  HttpMethod,
} from './api/endpoint';
export {
  PLATFORM_ACCESS,
  PLATFORM_ADMIN_ACCESS,
  PLATFORM_OPERATOR_ACCESS,
  PUBLIC_ACCESS,
  SERVER_ADMIN_ACCESS,
  USER_ACCESS,
  projectAccess,
  requiredPermissions,
} from './api/endpoint-access';
export type {
  EndpointAccess,
  EntityIdLocation,
  EntityWithoutProject,
  ProjectAccess,
  ProjectEntity,
  ProjectGrant,
  ProjectPermission,
  ProjectSource,
} from './api/endpoint-access';
export { BaseModelFields, Metadata, StrictBaseModelFields, Timestamp } from './common/base-model';
export {
  ERROR_STATUS,
  ErrorBody,
  ErrorCode,
  ErrorParams,
  FlowOperationError,
  PieceworkError,
  isPieceworkError,
} from './common/errors';
export { BoundedCache } from './common/bounded-cache';
export { Id, generateId, generateTimeOrderedId } from './common/id';
export { Page, PageQuery } from './common/page';
export { QueryList } from './common/query-list';
export {
  BranchCondition,
  BranchConditions,
  BranchOperator,
  DateCondition,
  DateConditionOperator,
  NumberCondition,
  NumberConditionOperator,
  SingleValueCondition,
  SingleValueConditionOperator,
  TextCondition,
  TextConditionOperator,
  defaultBranchConditions,
} from './flows/conditions';
export { CreateFlowRequest, Flow, FlowOperationStatus, FlowStatus, PopulatedFlow } from './flows/flow';
export { CountFlowsQuery, GetFlowQuery, ListFlowsQuery } from './flows/flow-requests';
export { GetSampleDataQuery, TestStepRunRequest } from './flows/sample-data-requests';
export {
  CURRENT_SCHEMA_VERSION,
  FlowVersion,
  FlowVersionState,
  FlowVersionSummary,
} from './flows/flow-version';
export { Note, NoteColor, NoteFields } from './flows/note';
export { FlowValidationIssue, FlowValidationIssueCode, STEP_OWN_ISSUE_CODES } from './flows/validation-issue';
export type { StepProblem } from './flows/validation-issue';
export {
  AddActionRequest,
  AddBranchRequest,
  AddNoteRequest,
  ChangeFolderRequest,
  ChangeNameRequest,
  ChangeStatusRequest,
  DeleteActionRequest,
  DeleteBranchRequest,
  DeleteNoteRequest,
  DuplicateActionRequest,
  DuplicateBranchRequest,
  FlowOperation,
  FlowOperationType,
  ImportFlowRequest,
  ImportedNote,
  LockAndPublishRequest,
  LockFlowRequest,
  MoveActionRequest,
  MoveBranchRequest,
  SampleDataType,
  SaveSampleDataRequest,
  SetSkipActionRequest,
  StepLocationRelativeToParent,
  UpdateActionRequest,
  UpdateMetadataRequest,
  UpdateMinutesSavedRequest,
  UpdateNoteRequest,
  UpdateOwnerRequest,
  UpdateSampleDataInfoRequest,
  UpdateTriggerRequest,
  UseAsDraftRequest,
} from './flows/operations';
export type { FlowOperationOf, FlowOperationRequest } from './flows/operations';
export { PieceVersion } from './flows/piece-version';
export {
  BranchType,
  ConditionBranch,
  FallbackBranch,
  RouterBranch,
  RouterExecutionType,
} from './flows/router';
export {
  CodeStep,
  CodeStepFields,
  LoopStep,
  LoopStepFields,
  PieceStep,
  PieceStepFields,
  RouterStep,
  RouterStepFields,
  Step,
  StepRequest,
  StepType,
} from './flows/step';
export { StepName, TRIGGER_NAME } from './flows/step-name';
export { readCodeDependencies } from './flows/code-dependencies';
export type { CodeDependencies, ReadCodeDependencies } from './flows/code-dependencies';
export {
  CodeStepSettings,
  ErrorHandlingOptions,
  LoopStepSettings,
  PieceStepSettings,
  PieceTriggerSettings,
  PropertyExecutionType,
  PropertySettings,
  RouterStepSettings,
  SampleDataSettings,
  StepInput,
} from './flows/step-settings';
export {
  EmptyTrigger,
  EmptyTriggerFields,
  PieceTrigger,
  PieceTriggerFields,
  Trigger,
  TriggerRequest,
  TriggerType,
} from './flows/trigger';
// -- resources (flow runs, connections, projects, users, templates, pieces, events, config) --
export {
  ContainerType,
  DatabaseType,
  Edition,
  ExecutionMode,
  LogLevel,
  PieceSyncMode,
  RedisSentinelRole,
  RedisType,
} from './config/config-enums';
export { HostAndPort, IpOrCidr } from './config/config-values';
export type { ConfigValueKind } from './config/config-values';
export { CONFIG_VARIABLES, configKey } from './config/config-variables';
export type { ConfigVariable } from './config/config-variables';
export { parseConfig } from './config/parse-config';
export { isRedisConfigured, PieceworkConfig } from './config/piecework-config';
export type { PieceworkConfigKey } from './config/piecework-config';
export { REMOVED_CONFIG_VARIABLES, findRemovedConfigVariables } from './config/removed-config-variables';
export {
  AppConnectionScope,
  AppConnectionStatus,
  AppConnectionType,
} from './connections/app-connection-type';
export {
  AppConnection,
  GlobalConnection,
  ListAppConnectionsQuery,
  UpdateAppConnectionRequest,
} from './connections/app-connection';
export {
  AppConnectionValue,
  BasicAuthConnectionValue,
  CloudOAuth2ConnectionValue,
  CustomAuthConnectionValue,
  NoAuthConnectionValue,
  OAuth2ConnectionValue,
  PlatformOAuth2ConnectionValue,
  SecretTextConnectionValue,
} from './connections/connection-value';
export { UpsertAppConnectionRequest } from './connections/upsert-app-connection';
export {
  ListGlobalConnectionsQuery,
  UpdateGlobalConnectionRequest,
  UpsertGlobalConnectionRequest,
} from './connections/global-connection';
export {
  UpsertAppConnectionValue,
  UpsertCloudOAuth2Value,
  UpsertOAuth2Value,
  UpsertPlatformOAuth2Value,
} from './connections/upsert-connection-value';
export { OAuth2AuthorizationMethod, OAuth2GrantType } from './connections/oauth2-settings';
export { ListOAuthAppsQuery, OAuthApp, UpsertOAuthAppRequest } from './connections/oauth-app';
export {
  GetOAuth2AuthorizationUrlRequest,
  GetOAuth2AuthorizationUrlResponse,
} from './connections/oauth2-authorization-url';
export { AuditEventAction } from './events/audit-event-action';
export { AuditEvent, AuditEventEnvelope, ListAuditEventsQuery } from './events/audit-event';
export type { AuditEventData, AuditEventOf, EventOfKind } from './events/audit-event';
export { AuditProject } from './events/audit-project';
export {
  AuditFlow,
  FlowCreatedEventData,
  FlowEventData,
  FlowUpdatedEventData,
} from './events/flow-event-data';
export { AuditFlowRun, FlowRunEventData, StuckRunsEndedEventData } from './events/flow-run-event-data';
export {
  ApiKeyEventData,
  ProjectReleaseEventData,
  ProjectRoleEventData,
  SigningKeyEventData,
} from './events/platform-event-data';
export {
  AuditConnection,
  AuditFolder,
  ConnectionEventData,
  FolderEventData,
} from './events/resource-event-data';
export {
  SignInFailureReason,
  UserEventData,
  UserSignedUpEventData,
  UserSignedUpSource,
  UserSignInFailedEventData,
} from './events/user-event-data';
export * from './flow-runs';
export * from './flow-tests';
export {
  IMPACT_MAX_DAYS,
  ImpactDay,
  ImpactDayRuns,
  ImpactFailingStep,
  ImpactFlow,
  ImpactQuery,
  ImpactReport,
} from './impact/impact-report';
export {
  CHAT_TRIGGER_NAME,
  ChatUIResponse,
  FILE_TRIGGER_NAME,
  FileResponse,
  FORM_TRIGGER_NAME,
  FormInput,
  formInputKey,
  FormInputType,
  FORMS_PIECE_NAME,
  FormResponse,
  HumanInputFormResult,
  HumanInputParams,
  HumanInputQuery,
  HumanInputStreamEvent,
  USE_DRAFT_QUERY_PARAM_NAME,
} from './human-input/human-input';
export {
  MCP_OAUTH_SCOPE,
  MCP_PATHS,
  McpClientRegistration,
  McpClientRegistrationRequest,
  McpRevokeRequest,
  McpTokenResponse,
  OAuthErrorBody,
  TokenEndpointAuthMethod,
} from './mcp/mcp-oauth';
export { GetMcpServerQuery, McpServer, McpServerStatus, UpdateMcpServerRequest } from './mcp/mcp-server';
export {
  ApproveMcpAuthRequest,
  DenyMcpAuthRequest,
  ListMcpOAuthGrantsQuery,
  McpAuthRequestQuery,
  McpAuthRequestView,
  McpConsentAnswer,
  McpOAuthGrant,
} from './mcp/mcp-consent';
export { ActionMetadata, StepAiMetadata, StepErrorHandlingDefaults } from './pieces/action-metadata';
export {
  BasicAuthPieceAuth,
  CustomAuthPieceAuth,
  NoAuthPieceAuth,
  OAuth2PieceAuth,
  PieceAuth,
  PieceAuthType,
  SecretTextPieceAuth,
} from './pieces/piece-auth';
export {
  ExactPackageVersion,
  PieceAuthDeclaration,
  PieceInstallState,
  PieceMetadata,
  PieceMetadataSummary,
  PiecePackageType,
  PieceVersionSummary,
} from './pieces/piece-metadata';
export { PieceCatalogueFile, UnavailableCatalogueEntry } from './pieces/piece-catalogue-file';
export { AuthProperty, AuthPropertyMap, PieceProperty, PiecePropertyMap } from './pieces/piece-property';
export {
  DeletePieceQuery,
  GetPieceQuery,
  InstalledPieceVersion,
  InstallPieceRequest,
  ListPiecesQuery,
  PieceNameParams,
  PieceOptionsRequest,
  PieceOptionsResponse,
  PiecePackageName,
  PieceRegistryEntry,
  PieceRegistryQuery,
  PieceSyncResult,
  ScopedPieceNameParams,
} from './pieces/piece-requests';
export { PieceCategory, PieceOrderBy, PieceSortBy } from './pieces/piece-category';
export { fullPieceName, OFFICIAL_PIECE_PREFIX, shortPieceName } from './pieces/piece-short-name';
export { PropertyType } from './pieces/property-type';
export { TriggerMetadata, TriggerStrategy } from './pieces/trigger-metadata';
export {
  AppEventParams,
  TestTriggerRequest,
  TriggerEventWithPayload,
  TriggerTestStrategy,
} from './pieces/trigger-requests';
export {
  AllowedEmbedOrigins,
  ChangeAllowedEmbedOriginsRequest,
  EmbedOrigin,
} from './platform/allowed-embed-origins';
export { embedOriginMatches, isAllowedEmbedOrigin } from './platform/embed-origin-match';
export {
  EMBED_PATHS,
  EmbedClientEvent,
  EmbedVendorEvent,
  isEmbedMessage,
  type EmbedBuilderNavigation,
  type EmbedClientEventName,
  type EmbedClientMessage,
  type EmbedConnectionResult,
  type EmbedVendorEventName,
  type EmbedVendorInitData,
  type EmbedVendorMessage,
} from './embed/embed-protocol';
export { ApiKey, CreateApiKeyRequest, CreatedApiKey } from './platform/api-key';
export { FeatureFlags, REMOVED_FEATURE_FLAGS } from './platform/feature-flags';
export {
  FederatedAuthProviders,
  FederatedAuthProvidersUpdate,
  FederatedAuthProvidersView,
  GithubAuthnProviderConfig,
  OidcAuthnProviderConfig,
  SamlAuthnProviderConfig,
} from './platform/federated-auth-providers';
export type { FederatedAuthProviderName } from './platform/federated-auth-providers';
export {
  FetchSamlMetadataRequest,
  FetchSamlMetadataResponse,
  SamlClaimRequest,
  SamlPlatformQuery,
  SamlServiceProvider,
} from './platform/saml-authn';
export type { RemovedFeatureFlag } from './platform/feature-flags';
export {
  ActivateLicenseRequest,
  HealthResponse,
  HealthWorker,
  Platform,
  UpdatePlatformRequest,
} from './platform/platform';
export { FREE_PLAN, PlatformPlan, PlatformPlanFeatures, PlatformPlanLimits } from './platform/platform-plan';
export type { PlatformPlanFeature, PlatformPlanLimit } from './platform/platform-plan';
export { LicenseKeyPayload } from './platform/license-key';
export { PlatformBillingInfo, PlatformUsage, StoredLicenseKey } from './platform/platform-billing-info';
export {
  AuthDomain,
  DEFAULT_PLATFORM_AUTH_SETTINGS,
  emailDomain,
  PlatformAuthSettings,
} from './platform/platform-auth-settings';
export * from './projects';
export { CsvSyntaxError, csvCell, formatCsv, parseCsv, readSpreadsheetCell } from './tables/csv-text';
export { RecordFilter, RecordFilterOperator } from './tables/record-filter';
export { FieldType } from './tables/field-type';
export { Table, TableStatus, TableTrigger } from './tables/table';
export { CreateFieldRequest, Field, FieldData, ListFieldsQuery, UpdateFieldRequest } from './tables/field';
export {
  CreateTableField,
  CreateTableRequest,
  ExportTableResponse,
  ImportTableResponse,
  ListTablesQuery,
  UpdateTableRequest,
} from './tables/table-requests';
export { CellInput, PopulatedRecord, RecordCell } from './tables/record';
export {
  CreateRecordsRequest,
  DeleteRecordsRequest,
  ListRecordsQuery,
  MAX_RECORDS_PER_CREATE,
  UpdateRecordRequest,
} from './tables/record-requests';
export {
  TableData,
  TableDataCell,
  TableDataType,
  TableDefinition,
  TableDefinitionField,
} from './templates/table-definition';
export { FlowTemplate } from './templates/flow-template';
export { HexColor, TemplateTag } from './templates/template-tag';
export {
  CreateTemplateRequest,
  Template,
  TemplateFlow,
  TemplateStatus,
  TemplateType,
  UpdateTemplateRequest,
} from './templates/template';
export {
  ListTemplatesQuery,
  TemplateCategories,
  TemplateFromFlowsRequest,
  UseTemplateRequest,
  UseTemplateResponse,
} from './templates/template-requests';
export * from './users';
export {
  ExternalTokenClaims,
  ExternalTokenClaimsV2,
  ExternalTokenClaimsV3,
  externalTokenPieceFilter,
  isManagedStandInEmail,
  MANAGED_EMAIL_DOMAIN,
} from './embed/external-token-claims';
export { Alert, AlertChannel, CreateAlertRequest, ListAlertsQuery } from './alerts/alert';
export {
  CreateTableWebhookRequest,
  TableWebhook,
  TableWebhookEventType,
  TableWebhookParams,
} from './tables/table-webhook';
export {
  CreatedEventDestination,
  CreateEventDestinationRequest,
  EventDeliveryAttempt,
  EventDeliveryStatus,
  EventDestination,
  EventDestinationEvents,
  EventDestinationTestResult,
  EventDestinationUrl,
  ListEventDeliveriesQuery,
  UpdateEventDestinationRequest,
} from './event-destinations/event-destination';
export * from './ai';
// -- end resources --
// -- flow-version algebra --
export {
  FLOW_VERSION_OPERATION_TYPES,
  applyFlowVersionOperation,
  isFlowVersionOperation,
} from './flows/algebra/apply-operation';
export type { FlowVersionOperation } from './flows/algebra/apply-operation';
export type { FlowOperationContext } from './flows/algebra/edit-context';
export { inverseOperations } from './flows/algebra/inverse-operation';
export { versionContent } from './flows/algebra/version-content';
export { changedPart, editFootprint } from './flows/algebra/edit-footprint';
export type { EditFootprint } from './flows/algebra/edit-footprint';
export { nextStepName, stepNameAllocator } from './flows/algebra/naming';
export { createEmptyFlowVersion } from './flows/algebra/new-version';
export type { NewFlowVersionInput } from './flows/algebra/new-version';
export {
  isFlowVersionValid,
  isStepComplete,
  isTriggerComplete,
  isTriggerTreeValid,
} from './flows/algebra/validity';
export { MAX_CODE_SOURCE_BYTES } from './flows/algebra/code-source-limits';
export { validateFlowVersion, withBaseValidity } from './flows/algebra/validate-version';
export type { FlowValidationChecks } from './flows/algebra/validate-version';
export type { DistributiveOmit, StepBody, TriggerBody } from './flows/algebra/step-tree';
export { findStep, getAllSteps, getStepNames } from './flows/algebra/walk';
// -- end algebra --
// -- references --
export {
  collectReferencedSteps,
  findConnectionReferences,
  findTemplateTokens,
  mapStringsDeep,
  mapTemplateExpressions,
  readPlainReference,
  readsConnection,
  renameStepReferences,
  upgradeToNestedDialect,
} from './flows/references';
export type { PlainReference, TemplateToken } from './flows/references';
// -- end references --
// -- import of exports --
export {
  ExportShape,
  ImportRefusal,
  ImportRefusalReason,
  migrateExport,
  migrateImportRequest,
} from './flows/import';
export type { MigratedFlow, MigrateExportResult } from './flows/import';
// -- end import of exports --
// -- clipboard of steps --
export {
  COPY_ACTIONS_TYPE,
  CopiedStepsClipboard,
  LEGACY_EMPTY_PARENT,
  LegacyClipboard,
  LegacyClipboardEntry,
  PasteTarget,
  copySteps,
  pasteOperations,
} from './flows/clipboard';
export type { AddActionOperation } from './flows/clipboard';
// -- end clipboard of steps --
