import type { PieceRunRequest, RunInfo } from '@piecework/engine';

/** The hooks of a trigger the host can call. */
export type TriggerHook = 'onEnable' | 'onDisable' | 'run' | 'test' | 'onStart' | 'onHandshake' | 'onRenew';

/** What a webhook or app event delivered (`ctx.payload`). */
export interface TriggerPayload {
  body: unknown;
  rawBody?: unknown;
  headers: Record<string, string>;
  queryParams: Record<string, string>;
  method?: string;
}

/**
 * One call of a trigger hook: `run` of a webhook trigger for each request, `onEnable` /
 * `onDisable` when a flow is published or disabled (a POLLING trigger's `onEnable` sets its
 * schedule), `onStart` when a run is created, `test` from the builder.
 */
export interface TriggerRunRequest {
  pieceName: string;
  pieceVersion: string;
  triggerName: string;
  hook: TriggerHook;
  input: Record<string, unknown>;
  propertySettings: Record<string, unknown>;
  /** The run (for `run`, `onStart`) or, for the other hooks, the flow version being enabled. */
  run: RunInfo;
  /** The trigger's public URL, `{publicUrl}v1/webhooks/{flowId}`. */
  webhookUrl: string;
  /**
   * What arrived (`ctx.payload`): the request for `run`, `test` and `onHandshake`; for
   * `onStart`, the run's trigger output (sub-flows read `payload.callbackUrl` there). Default:
   * an empty payload.
   */
  payload?: TriggerPayload | Record<string, unknown>;
  /** True in test mode: `test` hooks, and store keys prefixed `test_`. */
  test: boolean;
  /** True when `onEnable` runs again for a flow already enabled. */
  isRepublish?: boolean;
  /** The trigger step's name (default `trigger`). */
  stepName?: string;
}

/** A polling schedule set by `ctx.setSchedule` (in `onEnable`). */
export interface TriggerSchedule {
  cronExpression: string;
  timezone: string;
}

/** Listeners an APP_WEBHOOK trigger registered (`ctx.app.createListeners`) in `onEnable`. */
export interface AppEventListener {
  events: string[];
  identifierValue: string;
  identifierKey?: string;
}

/** When a WEBHOOK trigger's `onRenew` runs: its `renewConfiguration` (strategy CRON). */
export interface TriggerRenewal {
  cronExpression: string;
}

/**
 * How a trigger hook ended: its output (the items of `run` / `test`, each one a flow run; the
 * HTTP reply of `onHandshake`) with the schedule and listeners it set, the trigger's strategy
 * (`type`) and its renewal schedule if it has one, or a failure.
 */
export type TriggerRunOutcome =
  | {
      status: 'SUCCEEDED';
      output: unknown;
      schedule?: TriggerSchedule;
      listeners: AppEventListener[];
      /** The trigger's `type` (absent when the piece has no such trigger hook to call). */
      strategy?: string;
      renewal?: TriggerRenewal;
    }
  | { status: 'FAILED'; message: string };

/** An action call as it goes to a piece process: the engine's request without its services. */
export type ActionRunRequest = Omit<PieceRunRequest, 'services'>;
