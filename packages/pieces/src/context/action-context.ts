import type { FlowResponse, ResumePayload } from '@piecework/engine';
import type { AgentStepRequest } from '@piecework/shared';

/** Store scopes as pieces name them: FLOW (default), PROJECT, and COLLECTION (an old name of PROJECT). */
export type PieceStoreScope = 'FLOW' | 'PROJECT' | 'COLLECTION';

/** `ctx.store`: a key/value store shared by a flow's runs (FLOW) or the whole project (PROJECT). */
export interface PieceStore {
  put<T>(key: string, value: T, scope?: PieceStoreScope): Promise<T>;
  get<T>(key: string, scope?: PieceStoreScope): Promise<T | null>;
  delete(key: string, scope?: PieceStoreScope): Promise<void>;
}

/** A waitpoint: where a paused run waits (a time, or a call to its resume URL). */
export interface Waitpoint {
  id: string;
  resumeUrl: string;
  buildResumeUrl(params: { queryParams?: Record<string, string>; sync?: boolean }): string;
}

/** `ctx.run`: the run's id and its hooks (stop, respond, pause / waitpoints). */
export interface PieceRunHooks {
  id: string;
  stop(params?: { response?: Partial<FlowResponse> }): void;
  respond(params: { response: Partial<FlowResponse> }): void;
  /** Legacy (framework V1 and older): pause with metadata `{type: 'DELAY' | 'WEBHOOK', ...}`. */
  pause(params: { pauseMetadata: Record<string, unknown> }): void;
  createWaitpoint(params: {
    type: 'DELAY' | 'WEBHOOK';
    resumeDateTime?: string;
    responseToSend?: Partial<FlowResponse>;
    version?: string;
  }): Promise<Waitpoint>;
  waitForWaitpoint(waitpointId: string): void;
  /**
   * Piecework: pauses the run until the server has run the agent `request` (an agent step); the
   * step is then run again with `resumePayload.body` = `{result}` or `{failure}`.
   */
  waitForAgent(request: AgentStepRequest): void;
  isTest?: boolean;
}

/**
 * The context an action's `run(ctx)` receives — Activepieces' action context, all
 * three generations in one object (V2 waitpoints, V1 `pause`/`generateResumeUrl`, V0
 * `serverUrl`), so that built-in pieces and unmodified npm pieces see the same thing.
 */
export interface ActionContext {
  auth: unknown;
  propsValue: Record<string, unknown>;
  executionType: 'BEGIN' | 'RESUME';
  resumePayload: ResumePayload;
  store: PieceStore;
  files: { write(params: { fileName: string; data: Uint8Array | string }): Promise<string> };
  server: { apiUrl: string; publicUrl: string; token: string };
  serverUrl: string;
  project: { id: string; externalId(): Promise<string | undefined> };
  flows: {
    list(params?: { externalIds?: string[] }): Promise<{ data: unknown[]; next: null; previous: null }>;
    current: { id: string; version: { id: string } };
  };
  step: { name: string };
  connections: { get(externalId: string): Promise<unknown | null> };
  tags: { add(params: { name: string }): Promise<void> };
  output: { update(params: { data: unknown }): Promise<void> };
  run: PieceRunHooks;
  generateResumeUrl(params: { queryParams?: Record<string, string>; sync?: boolean }): string;
}
