/**
 * `@piecework/pieces`: Piecework's built-in pieces, the host that runs unmodified
 * `@activepieces/piece-*` packages in isolated processes, the piece catalogue and installer, and
 * the one outbound HTTP client with the SSRF filter.
 *
 * @example
 * ```ts
 * import { FlowEngine } from '@piecework/engine';
 * import { NpmPieceHost, createInProcessHost } from '@piecework/pieces';
 *
 * // Built-in pieces only:
 * const engine = new FlowEngine({ host: createInProcessHost() });
 * // With installed @activepieces/piece-* packages too (close the NpmPieceHost when done):
 * const withNpm = new FlowEngine({ host: createInProcessHost({ npm: new NpmPieceHost() }) });
 * ```
 *
 * @example
 * ```ts
 * // The parts, as the server wires them:
 * import { FlowEngine, createMemoryHost } from '@piecework/engine';
 * import { BUILTIN_PIECES, NpmPieceHost, createPieceRunner } from '@piecework/pieces';
 *
 * const npm = new NpmPieceHost();
 * const pieces = createPieceRunner({
 *   builtins: BUILTIN_PIECES,
 *   npm,
 *   services: { urls: { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/api/' }, ssrfAllowList: [] },
 * });
 * const engine = new FlowEngine({ host: createMemoryHost({ pieces }) });
 * ```
 * @module
 */
export {
  BUILTIN_PIECES,
  DEFAULT_BUILTIN_ENV,
  bindBuiltinEnv,
  builtinEnvFrom,
  callBuiltinAction,
  findBuiltinPiece,
  nextScheduledTime,
  SCHEDULE_PIECE_NAME,
  scheduleOfTrigger,
  CALLABLE_FLOW_TRIGGER,
  SUBFLOWS_PIECE_NAME,
  subflowRunStart,
  CATCH_WEBHOOK_TRIGGER,
  WEBHOOK_PIECE_NAME,
  catchWebhookAdmits,
  MCP_PIECE_NAME,
  MCP_PROPERTY_TYPES,
  MCP_TOOL_TRIGGER,
  mcpToolArguments,
  mcpToolParameters,
  TABLES_PIECE_NAME,
} from './builtin';
export type {
  BuiltinActionCall,
  BuiltinEnv,
  McpPropertyType,
  McpToolParameter,
  SchedulePlan,
  SubflowRunStart,
} from './builtin';
export {
  installPiece,
  installPieceArchive,
  parsePieceSpec,
  PieceInstallError,
  removePiece,
} from './catalogue/install-piece';
export type {
  InstalledPieceResult,
  InstallPieceOptions,
  PieceInstallFailure,
} from './catalogue/install-piece';
export { PieceCatalogue } from './catalogue/piece-catalogue';
export type { PieceCatalogueOptions, PieceMetadataLoader } from './catalogue/piece-catalogue';
export { findInstalledPiece, listInstalledPieces, pieceInstallDir } from './catalogue/pieces-directory';
export { compareVersions, resolveVersion } from './catalogue/piece-versions';
export type { InstalledPiece } from './catalogue/pieces-directory';
export { toPieceMetadata } from './catalogue/to-piece-metadata';
export { evaluateProperty, propertyContext } from './properties';
export type { PropertyOutcome, PropertyRequest } from './properties';
export { defaultPiecesDir, runPiecesCommand } from './cli/pieces-command';
export type {
  ActionContext,
  PieceRunHooks,
  PieceStore,
  PieceStoreScope,
  Waitpoint,
} from './context/action-context';
export { buildActionContext } from './context/build-action-context';
export type { ActionCallInput } from './context/build-action-context';
export type { PieceServices } from './context/piece-services';
export {
  decodeStepFile,
  encodeStepFile,
  fileNameOfStepFileSave,
  parseStepFileUrl,
  signedStepFileUrl,
  STEP_FILE_NAME_PREFIX,
  STEP_FILES_PATH,
  stepFileSaveName,
} from './context/step-files';
export type { StepFileContent, StepFileRef } from './context/step-files';
export type {
  TableEventType,
  TablesHost,
  TablesHostCell,
  TablesHostField,
  TablesHostFilter,
  TablesHostRecord,
  TablesHostTable,
} from './context/tables-host';
export { toFlowResponse } from './context/run-hooks';
export { createAction, createPiece, createTrigger } from './framework/create-piece';
export type { BuiltinTriggerDefinition, CreatePieceOptions } from './framework/create-piece';
export type {
  ActionDefinition,
  ErrorHandlingOptions,
  StepAiMetadata,
  StepClassification,
  PieceAppEvents,
  PieceDefinition,
  PiecePropertyDefinition,
  TriggerContext,
  TriggerDefinition,
  TriggerStrategy,
} from './framework/piece-definition';
export { Property } from './framework/properties';
export type {
  DropdownOption,
  DropdownOptionsFn,
  DropdownState,
  DynamicPropsFn,
  MarkdownVariant,
  PropertyContext,
  PropertyOptions,
} from './framework/properties';
export {
  classifyAddress,
  createSafeDispatcher,
  createSsrfLookup,
  formatAddress,
  parseAllowList,
  parseHostAddress,
  safeFetch,
  SsrfBlockedError,
} from './http';
export type {
  AddressClassification,
  AllowList,
  IpAddress,
  SafeDispatcherOptions,
  SafeFetchInit,
  SafeFetchOptions,
} from './http';
export { installSsrfGuard } from './http/install-ssrf-guard';
export type { SsrfGuardOptions } from './http/install-ssrf-guard';
export type { SsrfBlockedDetails } from './http';
export {
  buildTriggerContext,
  createPieceResolver,
  findPieceExport,
  InstalledVersions,
  loadPieceModule,
  NpmPieceHost,
  PRE_RENAME_FRAMEWORK,
  UnsupportedPieceError,
  usesPreRenameFramework,
} from './npm';
export type {
  ActionRunRequest,
  AppEventListener,
  TriggerHook,
  TriggerPayload,
  TriggerRenewal,
  TriggerSchedule,
} from './triggers/trigger-request';
export { createTriggerRunner } from './triggers/create-trigger-runner';
export type { NpmTriggerHost, TriggerRunner, TriggerRunnerOptions } from './triggers/create-trigger-runner';
export type { AppEventOutcome, AppEventRequest } from './triggers/app-event';

export type { LoadedPiece, PieceExport } from './npm/load-piece-module';
export type { NpmTriggerContext } from './npm/build-trigger-context';
export type {
  ContextVersion,
  NpmPieceHostOptions,
  NpmPieceMetadata,
  PieceResolver,
  PieceResolverOptions,
  TriggerRunOutcome,
  TriggerRunRequest,
} from './npm';
export { applyDefaults, processProps } from './props';
export type {
  AuthDefinition,
  AuthInput,
  ProcessPropsInput,
  ProcessPropsResult,
  PropertyMap,
  PropsErrors,
} from './props';
export { createPieceRunner, runBuiltinAction } from './runner/create-piece-runner';
export type { NpmPieceRunner, PieceRunnerOptions, PieceRunnerServices } from './runner/create-piece-runner';
export { createInProcessHost } from './runner/create-in-process-host';
export type { InProcessHostOptions } from './runner/create-in-process-host';
export { createThreadPieceRunner } from './runner/create-thread-piece-runner';
export type { ThreadPieceSettings } from './runner/create-thread-piece-runner';
