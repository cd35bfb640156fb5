/**
 * What each message of the connection dialog means for `connect()`'s promise.
 */
import { EmbedClientEvent, type EmbedConnectionResult } from '@piecework/shared';
import type { AcceptedMessage } from './frame-messages';
import type { OverlayStep } from './overlay-dialog';

/** How `connect()` resolves: the connection made, or none when the dialog was closed without one. */
export interface ConnectResult {
  connection?: EmbedConnectionResult;
}

/** The effect of one dialog message. */
export type ConnectionDialogStep = OverlayStep<ConnectResult>;

/** The text of a payload's `error` or `message`, else `fallback`. */
export function reason(data: unknown, key: 'error' | 'message', fallback: string): string {
  const value =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : fallback;
}

/** The step for an accepted message of the dialog's window. */
export function connectionDialogStep(message: AcceptedMessage): ConnectionDialogStep {
  switch (message.type) {
    case EmbedClientEvent.CLIENT_SHOW_CONNECTION_IFRAME:
      return { kind: 'show' };
    case EmbedClientEvent.CLIENT_NEW_CONNECTION_DIALOG_CLOSED: {
      const connection = (message.data as { connection?: EmbedConnectionResult } | undefined)?.connection;
      return { kind: 'resolve', result: { connection } };
    }
    case EmbedClientEvent.CLIENT_CONNECTION_NAME_IS_INVALID:
      return { kind: 'reject', error: reason(message.data, 'error', 'Connection name is invalid') };
    case EmbedClientEvent.CLIENT_CONNECTION_PIECE_NOT_FOUND:
      return { kind: 'reject', error: reason(message.data, 'error', 'Piece not found') };
    case EmbedClientEvent.CLIENT_AUTHENTICATION_FAILED:
      return { kind: 'reject', error: reason(message.data, 'message', 'Authentication failed') };
    default:
      return { kind: 'ignore' };
  }
}
