/**
 * Runs UNMODIFIED npm pieces (`@activepieces/piece-*`) in a warm pool of isolated child
 * processes: a hard deadline per call, a heap cap, a clean environment, the SSRF filter, and the
 * host's store, files and connections reached over IPC.
 *
 * @example
 * ```ts
 * const host = new NpmPieceHost({ resolvePiece: createPieceResolver({ piecesDir }) });
 * const outcome = await host.runAction(request, services);
 * const enabled = await host.runTrigger({ ...trigger, hook: 'onEnable' }, services); // enabled.schedule
 * await host.close();
 * ```
 * @module
 */
export { NpmPieceHost } from './npm-piece-host';
export type { NpmPieceHostOptions } from './npm-piece-host';
export { createPieceResolver } from './resolve-piece';
export { InstalledVersions } from './installed-versions';
export type { PieceResolver, PieceResolverOptions } from './resolve-piece';
export { loadPieceModule, findPieceExport, UnsupportedPieceError } from './load-piece-module';
export type { LoadedPiece } from './load-piece-module';
export { PRE_RENAME_FRAMEWORK, usesPreRenameFramework } from './pre-rename-framework';
export type { ContextVersion, NpmPieceMetadata } from './piece-metadata';
export { buildTriggerContext } from './build-trigger-context';
export type { NpmTriggerContext } from './build-trigger-context';
export type {
  ActionRunRequest,
  AppEventListener,
  TriggerHook,
  TriggerPayload,
  TriggerRunOutcome,
  TriggerRunRequest,
  TriggerSchedule,
} from '../triggers/trigger-request';
