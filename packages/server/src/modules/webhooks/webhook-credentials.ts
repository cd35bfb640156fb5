/**
 * A flow whose trigger is the webhook piece's Catch Webhook with Basic or Header authentication
 * runs only for requests carrying those credentials: the check of the trigger's own `run`
 * (`catchWebhookAdmits`), made before any run is created. Other requests are answered 401
 * `AUTHENTICATION` and start nothing. Flows without authentication (the usual case, and the
 * throughput path) pay nothing more: their `authType` comes with the trigger piece already read.
 */
import { CATCH_WEBHOOK_TRIGGER, catchWebhookAdmits, WEBHOOK_PIECE_NAME } from '@piecework/pieces';
import { PieceworkError } from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { selectAuthFields } from './webhook-repository';
import type { TriggerPiece } from './trigger-piece-check';
import { flatHeaders, type IncomingRequest } from './webhook-payload';

/**
 * Throws 401 `AUTHENTICATION` when version `versionId`'s Catch Webhook trigger (`piece`, as
 * `assertTriggerPieceRunnable` answered it) asks for credentials that the request's `headers`
 * do not carry.
 */
export async function assertWebhookCredentials(
  ctx: Pick<ServerBase, 'store'>,
  versionId: string,
  piece: TriggerPiece,
  headers: IncomingRequest['headers'],
): Promise<void> {
  if (piece === null || piece.name !== WEBHOOK_PIECE_NAME || piece.triggerName !== CATCH_WEBHOOK_TRIGGER)
    return;
  const { authType } = piece;
  if (authType === undefined || authType === null || authType === '' || authType === 'none') return;
  const [row] = (await selectAuthFields.run(ctx.store.db, { versionId })).rows;
  const authFields =
    row?.authFields === null || row?.authFields === undefined ? {} : parseFields(row.authFields);
  if (catchWebhookAdmits({ authType, authFields }, flatHeaders(headers))) return;
  throw new PieceworkError('AUTHENTICATION', {
    message: `This flow's webhook requires ${authType === 'basic' ? 'Basic authentication' : 'its authentication header'}; the request's credentials are missing or wrong`,
  });
}

function parseFields(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
