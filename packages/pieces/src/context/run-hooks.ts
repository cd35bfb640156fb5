import { generateId } from '@piecework/shared';
import type { FlowResponse, PauseMetadata, PieceRunOutcome } from '@piecework/engine';
import type { PieceRunHooks, Waitpoint } from './action-context';

/** A response as pieces give it (status may be a string, fields may be missing), made whole. */
export function toFlowResponse(response: Partial<FlowResponse> | undefined): FlowResponse {
  const status = Number(response?.status ?? 200);
  return {
    status: Number.isInteger(status) && status >= 100 && status <= 599 ? status : 200,
    body: response?.body ?? {},
    headers: Object.fromEntries(
      Object.entries(response?.headers ?? {}).map(([key, value]) => [key, String(value)]),
    ),
  };
}

/** A resume time as ISO-8601 (pieces give ISO strings or `Date#toUTCString()` text); unparseable text is kept. */
function isoDateTime(value: unknown): string {
  const time = typeof value === 'number' ? value : Date.parse(String(value));
  return Number.isFinite(time) ? new Date(time).toISOString() : String(value);
}

/**
 * The `ctx.run` hooks of one action call, and what they add up to: `stop` ends the flow with a
 * response, `respond` answers early and goes on, a waitpoint (or legacy `pause`) pauses the run.
 * Resume URLs are `{publicUrl}v1/flow-runs/{runId}/requests/{waitpointId}[/sync]`.
 */
export function createRunHooks(runId: string, publicUrl: string, isTest: boolean) {
  let stopped: { response?: FlowResponse } | undefined;
  let responded: FlowResponse | undefined;
  let pause: PauseMetadata | undefined;
  const waitpoints = new Map<string, PauseMetadata>();

  const resumeUrl = (
    requestId: string,
    params: { queryParams?: Record<string, string>; sync?: boolean } = {},
  ) => {
    const query = new URLSearchParams(params.queryParams ?? {}).toString();
    return `${publicUrl}v1/flow-runs/${runId}/requests/${requestId}${params.sync ? '/sync' : ''}${query ? `?${query}` : ''}`;
  };
  let legacyRequestId: string | undefined;

  const hooks: PieceRunHooks = {
    id: runId,
    isTest,
    stop(params) {
      stopped = { response: params?.response ? toFlowResponse(params.response) : undefined };
    },
    respond(params) {
      responded = toFlowResponse(params.response);
    },
    pause({ pauseMetadata }) {
      if (pauseMetadata.type === 'DELAY') {
        pause = { type: 'DELAY', resumeDateTime: isoDateTime(pauseMetadata.resumeDateTime) };
      } else {
        legacyRequestId ??= String(pauseMetadata.requestId ?? generateId());
        const response = pauseMetadata.response as Partial<FlowResponse> | undefined;
        pause = {
          type: 'WEBHOOK',
          requestId: legacyRequestId,
          ...(response ? { response: toFlowResponse(response) } : {}),
        };
      }
    },
    async createWaitpoint(params): Promise<Waitpoint> {
      const id = generateId();
      waitpoints.set(
        id,
        params.type === 'DELAY'
          ? { type: 'DELAY', resumeDateTime: isoDateTime(params.resumeDateTime) }
          : {
              type: 'WEBHOOK',
              requestId: id,
              ...(params.responseToSend ? { response: toFlowResponse(params.responseToSend) } : {}),
            },
      );
      return { id, resumeUrl: resumeUrl(id), buildResumeUrl: (options) => resumeUrl(id, options) };
    },
    waitForWaitpoint(waitpointId) {
      const waitpoint = waitpoints.get(waitpointId);
      if (!waitpoint)
        throw new Error(`Unknown waitpoint ${waitpointId}: create it with ctx.run.createWaitpoint first`);
      pause = waitpoint;
    },
    waitForAgent(request) {
      pause = { type: 'WEBHOOK', requestId: generateId(), agent: request };
    },
  };

  return {
    hooks,
    /** The legacy `ctx.generateResumeUrl` (V1): the id it uses is the one a later `pause` reports. */
    generateResumeUrl(params: { queryParams?: Record<string, string>; sync?: boolean }) {
      legacyRequestId ??= generateId();
      return resumeUrl(legacyRequestId, params);
    },
    /** What the call adds up to, given the action's returned output. */
    outcome(output: unknown): PieceRunOutcome {
      if (stopped)
        return { status: 'STOPPED', output, ...(stopped.response ? { response: stopped.response } : {}) };
      if (pause) return { status: 'PAUSED', output, pause };
      return { status: 'SUCCEEDED', output, ...(responded ? { respond: responded } : {}) };
    },
  };
}
