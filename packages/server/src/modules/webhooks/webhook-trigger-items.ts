/**
 * What a webhook request gives the trigger of an npm piece: Activepieces runs a WEBHOOK
 * trigger's own `run` hook on each request (a piece verifies a signature, unwraps an envelope,
 * splits a batch, or ignores a ping) and starts one run per item it returns. So do the built-in
 * forms piece's triggers (their output is the submitted fields, as on Activepieces). Other built-in
 * triggers keep their fast path: the webhook piece's request is its output (its authentication is checked
 * by `assertWebhookCredentials`), and the Callable Flow's output is built by `subflowRunStart`.
 */
import type { TriggerPayload as PieceTriggerPayload } from '@piecework/pieces';
import type { PieceTrigger } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import type { ServerBase } from '../../server-context';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { callTriggerHook, hasTriggerHooks, triggerLabel } from '../triggers/trigger-hooks';
import { humanInputKindOf } from './forms-trigger';
import type { TriggerPiece } from './trigger-piece-check';
import type { TriggerPayload } from './webhook-payload';
import type { WebhookTarget } from './webhook-target';

/**
 * What an npm WEBHOOK trigger made of one request: the items of its `run` hook (each one run;
 * none: no run starts), or the reply of its `onHandshake` hook, sent as it is with no run.
 */
export type WebhookTriggerOutcome =
  | { kind: 'ITEMS'; items: unknown[] }
  | { kind: 'REPLY'; status: number; body: unknown; headers: Record<string, string> };

/** A trigger's `handshakeConfiguration`: which request is the vendor's handshake. */
interface HandshakeConfiguration {
  strategy?: string;
  paramName?: string;
}

/**
 * What one request to `target` (trigger piece `piece`) gives: null when the request itself is
 * the trigger's output (built-in pieces but the forms piece, triggers whose strategy is not WEBHOOK); the reply
 * of `onHandshake` when the trigger's `handshakeConfiguration` says the request is a handshake
 * (HEADER_PRESENT, QUERY_PRESENT or BODY_PARAM_PRESENT of its `paramName`, as on
 * Activepieces); otherwise the items of its `run` hook. A hook that fails refuses the request with
 * 409 `VALIDATION` naming the trigger and its message.
 */
export async function webhookTriggerItems(
  ctx: ServerBase,
  target: WebhookTarget,
  piece: TriggerPiece,
  payload: TriggerPayload,
  test: boolean,
): Promise<WebhookTriggerOutcome | null> {
  if (piece === null || (ctx.pieces.isBuiltin(piece.name) && humanInputKindOf(piece) === null)) return null;
  const metadata = await triggerMetadataOf(ctx, piece);
  if (metadata?.type !== 'WEBHOOK') return null;
  const row = await findVersionOfFlow(ctx.store.db, target.flowId, target.version.id);
  const trigger = row === undefined ? undefined : flowVersionFromRow(row).trigger;
  if (trigger === undefined || !hasTriggerHooks(trigger)) return null;
  const hooked = {
    flowId: target.flowId,
    projectId: target.project.id,
    flowVersionId: target.version.id,
    trigger: trigger as PieceTrigger,
  };
  const handshake = isHandshake(
    metadata['handshakeConfiguration'] as HandshakeConfiguration | undefined,
    payload,
  );
  const outcome = await callTriggerHook(ctx, hooked, {
    hook: handshake ? 'onHandshake' : 'run',
    payload: payload as PieceTriggerPayload,
    test,
  });
  if (outcome.status === 'FAILED') {
    throw ruleViolation(`Trigger ${triggerLabel(hooked.trigger)} refused the request: ${outcome.message}`, {
      flowId: target.flowId,
      reason: outcome.message,
    });
  }
  if (handshake) return handshakeReply(outcome.output);
  return { kind: 'ITEMS', items: Array.isArray(outcome.output) ? outcome.output : [] };
}

/** True when `payload` carries the handshake parameter `config` names. */
function isHandshake(config: HandshakeConfiguration | undefined, payload: TriggerPayload): boolean {
  const name = config?.paramName;
  if (typeof name !== 'string' || name === '') return false;
  switch (config?.strategy) {
    case 'HEADER_PRESENT':
      return payload.headers[name.toLowerCase()] !== undefined;
    case 'QUERY_PRESENT':
      return Object.hasOwn(payload.queryParams, name);
    case 'BODY_PARAM_PRESENT':
      return typeof payload.body === 'object' && payload.body !== null && Object.hasOwn(payload.body, name);
    default:
      return false;
  }
}

/** The HTTP reply an `onHandshake` hook answered (`{status, body, headers}`; default 200, no body). */
function handshakeReply(output: unknown): WebhookTriggerOutcome {
  const reply = (typeof output === 'object' && output !== null ? output : {}) as Record<string, unknown>;
  const headers: Record<string, string> = {};
  if (typeof reply['headers'] === 'object' && reply['headers'] !== null) {
    for (const [name, value] of Object.entries(reply['headers'])) headers[name] = String(value);
  }
  const status = typeof reply['status'] === 'number' ? reply['status'] : 200;
  return { kind: 'REPLY', status, body: reply['body'], headers };
}

/** The metadata of `piece`'s trigger, or null when it cannot be read. */
async function triggerMetadataOf(ctx: Pick<ServerBase, 'pieces'>, piece: NonNullable<TriggerPiece>) {
  if (piece.triggerName === null) return null;
  try {
    // The exact version, else the newest installed one in its range (such as `~0.3.1`), else the
    // newest installed one.
    const { catalogue } = ctx.pieces;
    const metadata = (await catalogue.get(piece.name, piece.version)) ?? (await catalogue.get(piece.name));
    return metadata?.triggers[piece.triggerName] ?? null;
  } catch {
    return null;
  }
}
