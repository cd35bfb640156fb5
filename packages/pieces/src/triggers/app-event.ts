import type { PieceDefinition } from '../framework/piece-definition';
import { errorMessage } from '../errors/error-message';
import type { TriggerPayload } from './trigger-request';

/** A request that reached a piece's app-level webhook (`/v1/app-events/:pieceUrl`). */
export interface AppEventRequest {
  pieceName: string;
  pieceVersion: string;
  payload: TriggerPayload;
  /** The app's secret (AP_APP_WEBHOOK_SECRETS); without one no event counts as verified. */
  webhookSecret?: string;
  /** The public URL of the app-level webhook, as `verify` receives it. */
  appWebhookUrl: string;
  /** `{apiUrl, publicUrl}` as `parseAndReply` receives them (`server`). */
  urls: { apiUrl: string; publicUrl: string };
}

/**
 * What a piece made of an app-level webhook request: a reply to send as it is (a handshake), an
 * event for the listeners of `identifierValue` (`verified`: false when `events.verify` refused
 * it), nothing to route (no event or identifier), or a failure.
 */
export type AppEventOutcome =
  | { status: 'REPLY'; reply: { body?: unknown; headers?: Record<string, string> } }
  | { status: 'EVENT'; event: string; identifierValue: string; verified: boolean }
  | { status: 'IGNORED' }
  | { status: 'FAILED'; message: string };

/**
 * Calls `events.parseAndReply` of `piece` on the request, then, for an event, `events.verify`
 * with the app's secret (Activepieces' order; with no secret configured the event is
 * not verified). Run it where the piece's code may run (its piece process).
 */
export async function handleAppEvent(
  piece: PieceDefinition,
  request: AppEventRequest,
): Promise<AppEventOutcome> {
  const label = `${piece.name}@${piece.version}`;
  if (!piece.events) return { status: 'FAILED', message: `Piece ${label} has no app-level webhook (events)` };
  try {
    const parsed = (await piece.events.parseAndReply({
      payload: request.payload,
      server: { ...request.urls, token: '' },
    })) as {
      reply?: { body?: unknown; headers?: Record<string, string> };
      event?: unknown;
      identifierValue?: unknown;
    };
    if (parsed?.reply !== undefined && parsed.reply !== null) return { status: 'REPLY', reply: parsed.reply };
    if (typeof parsed?.event !== 'string' || typeof parsed.identifierValue !== 'string')
      return { status: 'IGNORED' };
    const verified =
      request.webhookSecret !== undefined &&
      (await piece.events.verify({
        webhookSecret: request.webhookSecret,
        payload: request.payload,
        appWebhookUrl: request.appWebhookUrl,
      })) === true;
    return { status: 'EVENT', event: parsed.event, identifierValue: parsed.identifierValue, verified };
  } catch (error) {
    return { status: 'FAILED', message: errorMessage(error) };
  }
}
