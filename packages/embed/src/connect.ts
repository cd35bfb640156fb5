/**
 * `connect()`: opens the app's connection dialog (`/embed/connections`) through the overlay
 * machinery of `overlay-dialog.ts`, in an overlay frame or a popup window.
 */
import { connectionDialogStep, type ConnectResult } from './connection-dialog';
import type { ConnectOptions } from './embed-options';
import { connectionsRoute } from './frame-urls';
import { openOverlayDialog, type OverlayContext, type OverlayDialog } from './overlay-dialog';

/** Opens the connection dialog for `options`; it resolves `{connection: undefined}` when closed early. */
export function openConnectionDialog(
  context: OverlayContext,
  options: ConnectOptions,
): OverlayDialog<ConnectResult> {
  return openOverlayDialog(context, {
    route: connectionsRoute(options, Date.now()),
    title: 'Piecework connection',
    step: connectionDialogStep,
    closedResult: { connection: undefined },
    newWindow: options.newWindow,
  });
}
