/**
 * `ALL /v1/app-events/:pieceUrl`: the one app-level webhook of a piece with APP_WEBHOOK triggers
 * (the Activepieces route; `slack` stands for `@activepieces/piece-slack`, a scoped name
 * may be given whole, percent-encoded). The newest installed version of the piece parses the
 * request (`events.parseAndReply`): a reply (a handshake) is sent as it is; an event is checked
 * with the app's secret from AP_APP_WEBHOOK_SECRETS (`events.verify`), then reaches every enabled
 * flow that listens for that event and identifier: each flow's trigger `run` turns it into items,
 * each item one run (`triggeredBy: APP_WEBHOOK`, items whose `_dedupe_key` ran in the last
 * 30 s dropped), created before the answer.
 */
import { fullPieceName, PieceworkError } from '@piecework/shared';
import type { TriggerPayload } from '@piecework/pieces';
import { invalidRequest, notFound, ruleViolation } from '../../infrastructure/errors';
import { HttpReply } from '../../infrastructure/http/http-reply';
import { entityFields } from '../../infrastructure/logging/create-logger';
import type { ServerContext } from '../../server-context';
import { toTriggerPayload, type IncomingRequest } from './webhook-payload';
import { findVersionDisplayName } from '../flow-definitions/flow-repository';
import { findProjectPlatformId } from '../projects/project-repository';
import { appEventListenerSources } from './webhook-repository';
import { hookedTriggerOf } from '../triggers/sync-trigger-source';
import { callTriggerHook, triggerLabel } from '../triggers/trigger-hooks';
import type { TriggerSourceRow } from '../triggers/trigger-source-repository';

/** The `triggeredBy` of runs started by an app event. */
export const APP_EVENT_TRIGGERED_BY = 'APP_WEBHOOK';

/** The piece an app-event URL names: `slack` -> `@activepieces/piece-slack`; a full name as it is. */
export function pieceNameOfAppUrl(pieceUrl: string): string {
  return fullPieceName(pieceUrl);
}

/** Handles one request of the app-level webhook of `pieceUrl` (see the module comment). */
export async function receiveAppEvent(
  ctx: ServerContext,
  pieceUrl: string,
  request: IncomingRequest,
): Promise<HttpReply> {
  const pieceName = pieceNameOfAppUrl(pieceUrl);
  const pieceVersion = ctx.pieces.catalogue.runnableVersions(pieceName).at(-1)?.version;
  if (pieceVersion === undefined) throw notFound('piece', pieceName);
  const payload = await toTriggerPayload(request, () =>
    Promise.reject(invalidRequest('An app event must be JSON, a form or text', { pieceName })),
  );
  const { publicUrl, config } = ctx.settings;
  const webhookSecret = config.appWebhookSecrets?.[pieceName]?.webhookSecret;
  const outcome = await ctx.pieces.triggers().appEvent({
    pieceName,
    pieceVersion,
    payload: payload as TriggerPayload,
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
    appWebhookUrl: `${publicUrl}api/v1/app-events/${pieceUrl}`,
    urls: { apiUrl: `${publicUrl}api/`, publicUrl: `${publicUrl}api/` },
  });
  switch (outcome.status) {
    case 'FAILED':
      throw ruleViolation(`Piece ${pieceName}@${pieceVersion} could not read the event: ${outcome.message}`, {
        pieceName,
        reason: outcome.message,
      });
    case 'REPLY':
      return new HttpReply(200, outcome.reply.body ?? {}, outcome.reply.headers ?? {});
    case 'IGNORED':
      throw invalidRequest(`Piece ${pieceName} found no event to route in the request`, { pieceName });
    case 'EVENT':
      break;
  }
  if (!outcome.verified) {
    ctx.logger.warn(
      { piece: { name: pieceName }, secretConfigured: webhookSecret !== undefined },
      webhookSecret === undefined
        ? 'An app event was refused: AP_APP_WEBHOOK_SECRETS has no secret for the piece'
        : 'An app event was refused: its signature does not verify',
    );
    throw new PieceworkError('AUTHENTICATION', { message: 'The app event could not be verified', pieceName });
  }
  const sources = await listenersOf(ctx, pieceName, outcome.event, outcome.identifierValue);
  for (const source of sources) await runListener(ctx, source, payload as TriggerPayload);
  return new HttpReply(200, {});
}

/** The trigger sources of the enabled flows listening for `event` of `identifierValue`. */
function listenersOf(
  ctx: Pick<ServerContext, 'store'>,
  pieceName: string,
  event: string,
  identifierValue: string,
): Promise<TriggerSourceRow[]> {
  return appEventListenerSources(ctx.store.db, pieceName, event, identifierValue);
}

/** Runs the listening flow's trigger on the event and starts one run per item it gives. */
async function runListener(
  ctx: ServerContext,
  source: TriggerSourceRow,
  payload: TriggerPayload,
): Promise<void> {
  const target = await hookedTriggerOf(ctx.store.db, source);
  if (target === null) return;
  const outcome = await callTriggerHook(ctx, target, { hook: 'run', payload });
  const logFields = entityFields({ flowId: source.flowId, projectId: source.projectId });
  if (outcome.status === 'FAILED') {
    ctx.logger.warn(
      { ...logFields, reason: outcome.message },
      `Trigger ${triggerLabel(target.trigger)} refused an app event`,
    );
    return;
  }
  const [version, project] = await Promise.all([
    findVersionDisplayName(ctx.store.db, source.flowVersionId),
    findProjectPlatformId(ctx.store.db, source.projectId),
  ]);
  if (version === undefined || project === undefined) return;
  const { items, keys } = ctx.triggerDedupe.unique(
    source.flowVersionId,
    outcome.output as unknown[],
    Date.now(),
  );
  ctx.triggerDedupe.remember(keys, Date.now());
  for (const item of items) {
    await ctx.runs.createRun({
      projectId: source.projectId,
      platformId: project.platformId,
      flowId: source.flowId,
      flowVersionId: source.flowVersionId,
      flowDisplayName: version.displayName,
      environment: 'PRODUCTION',
      triggerPayload: item,
      triggeredBy: APP_EVENT_TRIGGERED_BY,
    });
  }
}
