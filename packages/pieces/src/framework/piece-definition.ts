import type { ActionContext } from '../context/action-context';

/**
 * A property (an input) of an action or trigger, in Activepieces' shape: `type`
 * (SHORT_TEXT, NUMBER, CHECKBOX, JSON, OBJECT, ARRAY, STATIC_DROPDOWN, DYNAMIC, FILE, ...),
 * `displayName`, `required`, optional `defaultValue`, and type-specific fields (`options`,
 * `properties`, ...) kept as they are.
 */
export interface PiecePropertyDefinition {
  type: string;
  displayName: string;
  description?: string;
  required: boolean;
  defaultValue?: unknown;
  [field: string]: unknown;
}

/** Defaults of a step's error-handling switches, and whether the builder hides them. */
export interface ErrorHandlingOptions {
  continueOnFailure?: { defaultValue?: boolean; hide?: boolean };
  retryOnFailure?: { defaultValue?: boolean; hide?: boolean };
}

/** What an action or trigger does, for AI agents choosing among steps (Activepieces' `aiMetadata`). */
export interface StepAiMetadata {
  description?: string;
  idempotent?: boolean;
}

/** How an action or trigger touches the app's data (Activepieces' `classification`). */
export type StepClassification = 'READ' | 'SEARCH' | 'WRITE' | 'DESTRUCTIVE';

/** An action of a piece: what `run(ctx)` returns is the step output. */
export interface ActionDefinition {
  name: string;
  displayName: string;
  description: string;
  props: Record<string, PiecePropertyDefinition>;
  requireAuth?: boolean;
  /** Defaults of the step's error-handling switches ({@link createAction} gives Activepieces'). */
  errorHandlingOptions?: ErrorHandlingOptions;
  /** An example output (pieces of the pre-rename framework declare one). */
  sampleData?: unknown;
  /** Who the action is offered to: people building flows, AI agents, or both. */
  audience?: 'human' | 'ai' | 'both';
  aiMetadata?: StepAiMetadata;
  classification?: StepClassification;
  run(ctx: ActionContext): Promise<unknown>;
  test?(ctx: ActionContext): Promise<unknown>;
}

/** How a trigger receives events. */
export type TriggerStrategy = 'WEBHOOK' | 'POLLING' | 'APP_WEBHOOK' | 'MANUAL';

/** The context of a trigger hook (`onEnable`, `onDisable`, `run`, `test`). */
export interface TriggerContext extends Omit<ActionContext, 'run' | 'executionType' | 'resumePayload'> {
  webhookUrl: string;
  payload: {
    body: unknown;
    rawBody?: unknown;
    headers: Record<string, string>;
    queryParams: Record<string, string>;
    method?: string;
  };
  setSchedule(schedule: { cronExpression: string; timezone?: string }): void;
  run: { id: string };
}

/** A trigger of a piece: `run(ctx)` turns an incoming event into zero or more run payloads. */
export interface TriggerDefinition {
  name: string;
  displayName: string;
  description: string;
  props: Record<string, PiecePropertyDefinition>;
  type: TriggerStrategy;
  sampleData?: unknown;
  requireAuth?: boolean;
  /**
   * How the builder tests the trigger: SIMULATION (waits for a real event) or TEST_FUNCTION
   * (calls `test`, or returns the sample data). {@link createTrigger} derives it as Activepieces does.
   */
  testStrategy?: 'SIMULATION' | 'TEST_FUNCTION';
  aiMetadata?: StepAiMetadata;
  classification?: StepClassification;
  onEnable?(ctx: TriggerContext): Promise<void>;
  onDisable?(ctx: TriggerContext): Promise<void>;
  run(ctx: TriggerContext): Promise<unknown[]>;
  test?(ctx: TriggerContext): Promise<unknown[]>;
}

/**
 * The app-level webhook of an APP_WEBHOOK piece (`piece.events`): `parseAndReply` reads an
 * incoming request and answers either a direct reply (a handshake) or the event and the
 * identifier its listeners registered with; `verify` checks the request with the app's secret.
 */
export interface PieceAppEvents {
  parseAndReply(input: { payload: unknown; server?: unknown }): unknown;
  verify(input: { webhookSecret: string; payload: unknown; appWebhookUrl: string }): unknown;
}

/**
 * A piece as Piecework runs it: a built-in piece is one of these directly; an npm piece's
 * module is adapted to this shape by the npm host. `name` is the npm name
 * (`@activepieces/piece-webhook`) so exported flows find the same piece here.
 */
export interface PieceDefinition {
  name: string;
  displayName: string;
  description: string;
  logoUrl: string;
  authors: string[];
  version: string;
  auth?: Record<string, unknown> | Record<string, unknown>[];
  /** The categories the piece is filed under (`CORE`, `FLOW_CONTROL`, ...: see `PieceCategory`). */
  categories?: string[];
  /** The oldest (and newest) platform release the piece supports, as the Activepieces package declares. */
  minimumSupportedRelease?: string;
  maximumSupportedRelease?: string;
  actions: Record<string, ActionDefinition>;
  triggers: Record<string, TriggerDefinition>;
  /** The app-level webhook, for pieces with APP_WEBHOOK triggers. */
  events?: PieceAppEvents;
}
