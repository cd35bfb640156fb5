/**
 * The webhook routes' work: find the flow version to run, build the trigger payload, create the
 * run, and answer — at once for the asynchronous routes (200 `{}` + `x-webhook-id`, sent only
 * after the run and its job committed), with the flow's response for `/sync`.
 */
import { MCP_PIECE_NAME, MCP_TOOL_TRIGGER, mcpToolArguments, subflowRunStart } from '@piecework/pieces';
import { fullPieceName, generateTimeOrderedId, PieceworkError, type FlowRun } from '@piecework/shared';
import { HttpReply } from '../../infrastructure/http/http-reply';
import { runKeyValueStore } from '../../execution/run-key-value-store';
import type { ServerContext } from '../../server-context';
import { saveTriggerSampleData } from '../flows/save-trigger-sample-data';
import { maxFilePartBytes, payloadFileStore } from './payload-files';
import { syncAnswer, WEBHOOK_ID_HEADER } from './sync-answer';
import { toTriggerPayload, type IncomingRequest, type TriggerPayload } from './webhook-payload';
import { assertWebhookCredentials } from './webhook-credentials';
import { webhookTriggerItems } from './webhook-trigger-items';
import { parentRunOf } from './parent-run';
import { assertTriggerPieceRunnable, triggerPieceOf, type TriggerPiece } from './trigger-piece-check';
import { findWebhookTarget, type WebhookTarget } from './webhook-target';

/** Which webhook route: the draft (TESTING run) or the published version, answered now or in sync. */
export interface WebhookRoute {
  draft: boolean;
  sync: boolean;
}

/** Options of {@link WebhookService.start}. */
export interface WebhookStartOptions {
  /**
   * Called once the flow's trigger piece is known, before the payload is read or anything stored:
   * throws to refuse the request (a page's check of its trigger, a rate limit).
   */
  readonly checkTrigger?: (piece: TriggerPiece, target: WebhookTarget) => Promise<void>;
}

/** What {@link WebhookService.start} did: created a run (the first one), or answered at once. */
export type WebhookStart =
  | { kind: 'REPLY'; reply: HttpReply }
  | { kind: 'STARTED'; run: FlowRun; queued: boolean; target: WebhookTarget };

/** The webhook operations behind `/v1/webhooks/:flowId[...]`. */
export class WebhookService {
  constructor(private readonly ctx: ServerContext) {}

  /**
   * Starts a run of the flow with the request as its trigger payload (404 when its trigger piece
   * is not installed here: `assertTriggerPieceRunnable`; 401 when a Catch Webhook trigger's
   * credentials are missing: `assertWebhookCredentials`), recording the calling run of a sub-flow
   * call (`parentRunOf`). A flow started by the Callable Flow trigger gets what that trigger
   * gives: the call's body as its output, the caller's callback URL in its store (`subflowRunStart`).
   * The WEBHOOK trigger of an npm piece runs its `run` hook on the request and each item it gives
   * is one run (`webhookTriggerItems`; none: 200 `{}`, or 204 on `/sync`, and no run; the answer
   * names the first run); the MCP piece's `mcp_tool` trigger gives the call's arguments (the
   * JSON body); a vendor's handshake is answered with the trigger's `onHandshake` reply. Production runs consume a credit: without one the run is recorded QUOTA_EXCEEDED; the asynchronous route still answers
   * 200, `/sync` answers 402 QUOTA_EXCEEDED.
   */
  async trigger(
    flowId: string,
    request: IncomingRequest,
    route: WebhookRoute,
    options: WebhookStartOptions = {},
  ): Promise<HttpReply> {
    const start = await this.start(flowId, request, route, options);
    if (start.kind === 'REPLY') return start.reply;
    const { run, queued } = start;
    if (!route.sync) return new HttpReply(200, {}, { [WEBHOOK_ID_HEADER]: run.id });
    if (!queued) throw quotaExceeded(run.id);
    const timeoutMs = this.ctx.settings.config.webhookTimeoutSeconds * 1000;
    return syncAnswer(await this.ctx.runs.awaitResponse(run.id, timeoutMs), run.id);
  }

  /**
   * The part of {@link trigger} shared by every route that starts a flow from a request (the
   * webhook routes, the forms and chat pages' submissions): checks the target, builds the
   * payload (storing its files) and creates the runs. Answers the first run created, or the
   * reply to send when the request starts none (a handshake, no items).
   */
  async start(
    flowId: string,
    request: IncomingRequest,
    route: WebhookRoute,
    options: WebhookStartOptions = {},
  ): Promise<WebhookStart> {
    const target = await findWebhookTarget(this.ctx, flowId, route.draft ? 'LATEST' : 'PUBLISHED');
    const triggerPiece = await assertTriggerPieceRunnable(this.ctx, target, !route.draft);
    await options.checkTrigger?.(triggerPiece, target);
    await assertWebhookCredentials(this.ctx, target.version.id, triggerPiece, request.headers);
    const parent = await parentRunOf(this.ctx, target.project.id, request);
    const payload = await this.payloadOf(target, request);
    const hooked = await webhookTriggerItems(this.ctx, target, triggerPiece, payload, route.draft);
    if (hooked?.kind === 'REPLY') {
      return { kind: 'REPLY', reply: new HttpReply(hooked.status, hooked.body, hooked.headers) };
    }
    const runId = generateTimeOrderedId();
    const subflow =
      triggerPiece === null || hooked !== null
        ? undefined
        : subflowRunStart({ pieceName: triggerPiece.name, triggerName: triggerPiece.triggerName }, payload, {
            flowId,
            runId,
          });
    if (subflow?.storeEntry !== undefined) {
      const { key, value } = subflow.storeEntry;
      await runKeyValueStore(this.ctx.store, { projectId: target.project.id }, this.ctx.now).put(
        key,
        value,
        'FLOW',
      );
    }
    const outputs = hooked?.items ?? [
      subflow === undefined ? builtinTriggerOutput(triggerPiece, payload) : subflow.triggerOutput,
    ];
    if (outputs.length === 0) {
      return { kind: 'REPLY', reply: route.sync ? new HttpReply(204) : new HttpReply(200, {}) };
    }
    const started = [];
    for (const [index, output] of outputs.entries()) {
      started.push(
        await this.ctx.runs.createRun({
          id: index === 0 ? runId : generateTimeOrderedId(),
          projectId: target.project.id,
          platformId: target.project.platformId,
          flowId,
          flowVersionId: target.version.id,
          flowDisplayName: target.version.displayName,
          environment: route.draft ? 'TESTING' : 'PRODUCTION',
          triggerPayload: output,
          triggeredBy: 'WEBHOOK',
          project: target.project,
          ...parent,
        }),
      );
    }
    const { run, queued } = started[0]!;
    return { kind: 'STARTED', run, queued, target };
  }

  /**
   * Stores the request as the trigger's sample data (on the draft); runs nothing. Answers 200 `{}`.
   * An npm WEBHOOK trigger's hooks apply as on the run routes: the first item of its `run` is
   * stored (none: nothing), and a handshake is answered with its `onHandshake` reply.
   */
  async test(flowId: string, request: IncomingRequest, ip: string): Promise<HttpReply> {
    const target = await findWebhookTarget(this.ctx, flowId, 'LATEST');
    const payload = await this.payloadOf(target, request);
    const piece = await triggerPieceOf(this.ctx, target.version.id, false);
    const hooked = await webhookTriggerItems(this.ctx, target, piece, payload, true);
    if (hooked?.kind === 'REPLY') return new HttpReply(hooked.status, hooked.body, hooked.headers);
    const sample = hooked === null ? payload : hooked.items[0];
    if (sample === undefined) return new HttpReply(200, {});
    await saveTriggerSampleData(this.ctx, flowId, sample, {
      actor: { platformId: target.project.platformId, ip },
      project: target.project,
    });
    return new HttpReply(200, {});
  }

  private payloadOf(target: WebhookTarget, request: IncomingRequest): Promise<TriggerPayload> {
    return toTriggerPayload(
      request,
      payloadFileStore(this.ctx, { projectId: target.project.id, flowId: target.flowId }),
      maxFilePartBytes(this.ctx),
    );
  }
}

/** 402: a production run recorded QUOTA_EXCEEDED (no credit left), for the callers that wait on it. */
export function quotaExceeded(flowRunId: string): PieceworkError {
  return new PieceworkError('QUOTA_EXCEEDED', {
    message: 'The platform has no run credits left',
    metric: 'credits',
    flowRunId,
  });
}

/** The trigger output of a request for a trigger without hooks: the request, or the MCP tool call's arguments. */
function builtinTriggerOutput(piece: TriggerPiece, payload: TriggerPayload): unknown {
  const isMcpTool =
    piece !== null && fullPieceName(piece.name) === MCP_PIECE_NAME && piece.triggerName === MCP_TOOL_TRIGGER;
  return isMcpTool ? mcpToolArguments(payload) : payload;
}
