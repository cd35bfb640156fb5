/**
 * The URLs the SDK opens: the app frame, the connection dialog (overlay frame or popup) and the
 * popup's window features.
 */
import { EMBED_PATHS } from '@piecework/shared';
import type { ConnectOptions, NewWindowFeatures } from './embed-options';

/** The main frame's URL; `now` (ms) makes every load a fresh page. */
export function appFrameUrl(instanceUrl: string, now: number): string {
  return `${instanceUrl}${EMBED_PATHS.app}?currentDate=${now}`;
}

/**
 * The connection dialog's route in the app (`/embed/connections?pieceName=..&randomId=..`, plus
 * `connectionName` when given), every value URL-encoded; `now` makes each call a new dialog.
 */
export function connectionsRoute(
  options: Pick<ConnectOptions, 'pieceName' | 'connectionName'>,
  now: number,
): string {
  const query = new URLSearchParams({ pieceName: options.pieceName, randomId: String(now) });
  if (options.connectionName !== undefined && options.connectionName !== '') {
    query.set('connectionName', options.connectionName);
  }
  return `${EMBED_PATHS.connections}?${query.toString()}`;
}

/** The connection dialog's URL (the overlay frame's `src`, or the popup's address). */
export function connectionsUrl(
  instanceUrl: string,
  options: Pick<ConnectOptions, 'pieceName' | 'connectionName'>,
  now: number,
): string {
  return instanceUrl + connectionsRoute(options, now);
}

/** `window.open`'s features for the popup: 700 x 700 at 0, 0 unless given. */
export function windowFeatures(requested: NewWindowFeatures): string {
  const width = requested.width ?? 700;
  const height = requested.height ?? 700;
  return `width=${width},height=${height},top=${requested.top ?? 0},left=${requested.left ?? 0}`;
}
