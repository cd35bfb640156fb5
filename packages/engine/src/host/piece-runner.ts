import type { AgentStepRequest, StepPath } from '@piecework/shared';
import type { EngineHost } from './engine-host';

/** An HTTP answer produced by a flow (stop with response, respond and continue, webhook waits). */
export interface FlowResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * What a paused run waits for: a point in time, or a call to its resume URL. A WEBHOOK pause
 * carrying `agent` waits for the server to run that agent (an agent step); it is resumed by the
 * server when the agent ends, never through the public resume URL.
 */
export type PauseMetadata =
  | { type: 'DELAY'; resumeDateTime: string }
  | { type: 'WEBHOOK'; requestId: string; response?: FlowResponse; agent?: AgentStepRequest };

/** The request that resumes a paused run: what was sent to its resume URL. */
export interface ResumePayload {
  body: unknown;
  headers: Record<string, string>;
  queryParams: Record<string, string>;
}

/** Which run a step belongs to. */
export interface RunInfo {
  id: string;
  flowId: string;
  flowVersionId: string;
  projectId: string;
  environment: 'PRODUCTION' | 'TESTING';
}

/** One call of a piece action, with its input resolved (connections included). */
export interface PieceRunRequest {
  pieceName: string;
  pieceVersion: string;
  actionName: string;
  stepName: string;
  /**
   * The loops around the step, outermost first, each with its iteration (empty outside loops):
   * with `stepName`, which call of the step this is. The engine always sets it; a request made
   * by hand may leave it out.
   */
  path?: StepPath;
  input: Record<string, unknown>;
  propertySettings: Record<string, unknown>;
  run: RunInfo;
  /** Set when the step runs again after its pause: what resumed it. */
  resume?: ResumePayload;
  /** True in single-step test mode (pieces may call `test` instead of `run`). */
  test: boolean;
  /** The host's services, for the piece context (`store`, `files`, `connections`, `flows`). */
  services: Pick<EngineHost, 'store' | 'files' | 'connections' | 'now' | 'flows'>;
  /**
   * Aborted when the run ends for any reason (it finished, failed, stopped, paused, passed its
   * deadline, or its caller aborted it), and at the latest when this call has answered: a runner
   * passes it to every outbound call the piece makes, so none outlives its step or its run. The engine always sets it; a request made by hand may leave
   * it out. Like `services`, it stays on its side of a thread or process boundary (the other side
   * is told to abort instead).
   */
  signal?: AbortSignal;
}

/**
 * How a piece action ended:
 * - SUCCEEDED with its output; `respond` set when it answered the caller early (respond and continue);
 * - FAILED with a message (the step fails; retry / continue-on-failure apply);
 * - PAUSED: the run pauses here and this step runs again on resume;
 * - STOPPED: the flow stops, SUCCEEDED, answering `response` to a synchronous caller.
 */
export type PieceRunOutcome =
  | { status: 'SUCCEEDED'; output: unknown; respond?: FlowResponse }
  | { status: 'FAILED'; message: string }
  | { status: 'PAUSED'; output?: unknown; pause: PauseMetadata }
  | { status: 'STOPPED'; output?: unknown; response?: FlowResponse };

/**
 * Runs piece actions for the engine. `@piecework/pieces` provides the real one (built-in pieces
 * and unmodified npm pieces in isolated processes); tests pass small test pieces.
 */
export interface PieceRunner {
  run(request: PieceRunRequest): Promise<PieceRunOutcome>;
}
