/**
 * What a webhook request gives the trigger of an npm piece: the reference platform runs a WEBHOOK
 * trigger's own `run` hook on each request (a piece verifies a signature, unwraps an envelope,
 * splits a batch, or ignores a ping) and starts one run per item it returns. Built-in triggers
 * keep their fast path: the webhook piece's request is its output (its authentication is checked
 * by `assertWebhookCredentials`), and the Callable Flow's output is built by `subflowRunStart`.
 */
import type { TriggerPayload as PieceTriggerPayload } from '@piecework/pieces';
import type { PieceTrigger } from '@piecework/shared';
import { ruleViolation } from '../../errors';
import type { ServerBase } from '../../server-context';
import { findVersionOfFlow } from '../flows/flow-repository';
import { flowVersionFromRow } from '../flows/flow-rows';
import { callTriggerHook, hasTriggerHooks, triggerLabel } from '../triggers/trigger-hooks';
import type { TriggerPiece } from './trigger-piece-check';
import type { TriggerPayload } from './webhook-payload';
import type { WebhookTarget } from './webhook-target';

/**
 * The trigger outputs of one request to `target` whose trigger piece is `piece`: null when the
 * request itself is the output (built-in pieces, and triggers whose strategy is not WEBHOOK);
 * otherwise the items of the trigger's `run` hook, each one run (none: no run starts). A hook
 * that fails refuses the request with 409 `VALIDATION` naming the trigger and its message.
 */
export async function webhookTriggerItems(
  ctx: ServerBase,
  target: WebhookTarget,
  piece: TriggerPiece,
  payload: TriggerPayload,
  test: boolean,
): Promise<unknown[] | null> {
  if (piece === null || ctx.pieces.isBuiltin(piece.name)) return null;
  const strategy = await triggerStrategy(ctx, piece);
  if (strategy !== 'WEBHOOK') return null;
  const row = await findVersionOfFlow(ctx.store.db, target.flowId, target.version.id);
  const trigger = row === undefined ? undefined : flowVersionFromRow(row).trigger;
  if (trigger === undefined || !hasTriggerHooks(trigger)) return null;
  const hooked = {
    flowId: target.flowId,
    projectId: target.project.id,
    flowVersionId: target.version.id,
    trigger: trigger as PieceTrigger,
  };
  const outcome = await callTriggerHook(ctx, hooked, {
    hook: 'run',
    payload: payload as PieceTriggerPayload,
    test,
  });
  if (outcome.status === 'FAILED') {
    throw ruleViolation(`Trigger ${triggerLabel(hooked.trigger)} refused the request: ${outcome.message}`, {
      flowId: target.flowId,
      reason: outcome.message,
    });
  }
  return Array.isArray(outcome.output) ? outcome.output : [];
}

/** The strategy (WEBHOOK, POLLING, APP_WEBHOOK...) of `piece`'s trigger, or null when unknown. */
async function triggerStrategy(ctx: Pick<ServerBase, 'pieces'>, piece: NonNullable<TriggerPiece>) {
  if (piece.triggerName === null) return null;
  try {
    // The exact version, else (a range such as `~0.3.1`) the newest installed one.
    const { catalogue } = ctx.pieces;
    const metadata = (await catalogue.get(piece.name, piece.version)) ?? (await catalogue.get(piece.name));
    return metadata?.triggers[piece.triggerName]?.type ?? null;
  } catch {
    return null;
  }
}
