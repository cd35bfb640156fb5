/**
 * `@piecework/engine`: runs Piecework flow versions in-process — routers, loops, `{{ }}`
 * references, code steps in a QuickJS sandbox, retries, pause/resume and log limits — with all
 * IO through a host object. For a hard heap cap and deadline, use the worker runner from
 * `@piecework/engine/worker`.
 *
 * @example
 * ```ts
 * import { FlowEngine, createMemoryHost } from '@piecework/engine';
 * const engine = new FlowEngine({ host: createMemoryHost() });
 * const result = await engine.execute({ flowVersion, triggerPayload: { body: { n: 2 } } });
 * if (result.status === 'SUCCEEDED') console.log(result.steps);
 * ```
 * @module
 */
export { FlowEngine } from './flow-engine';
export type { FlowEngineOptions, RunInfoInput } from './flow-engine';
export type {
  ConnectionLookup,
  EngineHost,
  FileStore,
  FlowLister,
  KeyValueStore,
  LogLevel,
  LogSink,
  StoreScope,
} from './host/engine-host';
export type { CodeBundleOutcome, CodeBundler, CodeSource } from './host/code-bundler';
export { createMemoryHost } from './host/memory-host';
export { transformCode } from './sandbox/transform-code';
export type { TransformedCode } from './sandbox/transform-code';
export type { SandboxFailure } from './sandbox/sandbox';
export type { MemoryHostOptions } from './host/memory-host';
export type {
  FlowResponse,
  PauseMetadata,
  PieceRunner,
  PieceRunOutcome,
  PieceRunRequest,
  ResumePayload,
  RunInfo,
} from './host/piece-runner';
export type { EngineEvents } from './run/engine-events';
export { DEFAULT_ENGINE_OPTIONS, resolveEngineOptions } from './run/engine-options';
export type { EngineOptions } from './run/engine-options';
export type {
  EngineRequest,
  ExecuteRequest,
  ResumeRequest,
  RetryFromFailedStepRequest,
  TestStepRequest,
} from './run/engine-request';
export { isOffloadedOutput, offloadedOutput } from './run/offloaded-output';
export type { OffloadedOutput } from './run/offloaded-output';
export { runEngine } from './run-engine';
export type { FailedRunResult, PausedRunResult, RunResult, SucceededRunResult } from './run/run-result';
export { compareRuns } from './replay/compare-runs';
export type { RunComparison, StepComparison } from './replay/compare-runs';
export { createClosedHost } from './replay/closed-host';
export type { ClosedHostOptions } from './replay/closed-host';
export { jsonEqual, jsonValue } from './replay/json-value';
export { matchesRecordedInput } from './replay/recorded-input-match';
export { createRecordedPieceRunner } from './replay/recorded-piece-runner';
export type {
  LocalPieces,
  RecordedPieceRunner,
  RecordedPieceRunnerOptions,
  ReplayStepSource,
  WouldCallService,
} from './replay/recorded-piece-runner';
export { recordingsFromRun } from './replay/recordings-from-run';
export { replayRun } from './replay/replay-run';
export type { ReplayRunInput, ReplayRunOutcome, ReplayStep } from './replay/replay-run';
export { recordResult, stepPlaces } from './replay/step-places';
export type { PlacedRecord } from './replay/step-places';
export type { LoopOutput, StepPath } from '@piecework/shared';
