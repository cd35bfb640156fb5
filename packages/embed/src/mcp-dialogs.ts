/**
 * The MCP dialogs of the SDK: `mcpSettings()` (the project's MCP server, `/embed/mcp`) and
 * `authorizeMcp()` (the consent to an MCP client's OAuth request, `/embed/mcp-authorize`), and
 * what each message of their window means for their promise. Both open as overlay frames.
 */
import { EMBED_PATHS, EmbedClientEvent } from '@piecework/shared';
import { reason } from './connection-dialog';
import type { AcceptedMessage } from './frame-messages';
import {
  openOverlayDialog,
  type OverlayContext,
  type OverlayDialog,
  type OverlayStep,
} from './overlay-dialog';

/** The argument of `authorizeMcp()`. */
export interface AuthorizeMcpOptions {
  /** The `authRequestId` of the consent URL the server's `/authorize` redirected to. */
  authRequestId: string;
}

/**
 * How `authorizeMcp()` resolves: the user approved (send the MCP client's browser to
 * `redirectUrl`, which carries the code), or denied (`redirectUrl`, when known, carries
 * `error=access_denied` for the client).
 */
export type AuthorizeMcpResult = { redirectUrl: string } | { denied: true; redirectUrl?: string };

/** The payload as an object (`{}` for anything else). */
function record(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** The step for a message of the MCP settings dialog. */
export function mcpSettingsStep(message: AcceptedMessage): OverlayStep<void> {
  switch (message.type) {
    case EmbedClientEvent.CLIENT_SHOW_MCP_IFRAME:
      return { kind: 'show' };
    case EmbedClientEvent.CLIENT_MCP_SETTINGS_DIALOG_CLOSED:
      return { kind: 'resolve', result: undefined };
    case EmbedClientEvent.CLIENT_AUTHENTICATION_FAILED:
      return { kind: 'reject', error: reason(message.data, 'message', 'Authentication failed') };
    default:
      return { kind: 'ignore' };
  }
}

/**
 * The step for a message of the MCP consent dialog. A denial carrying only an `error` (the request
 * was invalid or expired, the user closed the notice) rejects with it.
 */
export function authorizeMcpStep(message: AcceptedMessage): OverlayStep<AuthorizeMcpResult> {
  const data = record(message.data);
  switch (message.type) {
    case EmbedClientEvent.CLIENT_SHOW_MCP_IFRAME:
      return { kind: 'show' };
    case EmbedClientEvent.CLIENT_MCP_OAUTH_APPROVED:
      return typeof data['redirectUrl'] === 'string'
        ? { kind: 'resolve', result: { redirectUrl: data['redirectUrl'] } }
        : { kind: 'reject', error: 'The approval carried no redirect URL' };
    case EmbedClientEvent.CLIENT_MCP_OAUTH_DENIED:
      if (typeof data['redirectUrl'] === 'string')
        return { kind: 'resolve', result: { denied: true, redirectUrl: data['redirectUrl'] } };
      if (typeof data['error'] === 'string') return { kind: 'reject', error: data['error'] };
      return { kind: 'resolve', result: { denied: true } };
    case EmbedClientEvent.CLIENT_AUTHENTICATION_FAILED:
      return { kind: 'reject', error: reason(message.data, 'message', 'Authentication failed') };
    default:
      return { kind: 'ignore' };
  }
}

/** `/embed/mcp?randomId=<now>`: the settings dialog's route; `now` makes each call a new page. */
export function mcpSettingsRoute(now: number): string {
  return `${EMBED_PATHS.mcp}?${new URLSearchParams({ randomId: String(now) }).toString()}`;
}

/** `/embed/mcp-authorize?authRequestId=..&randomId=..`, every value URL-encoded. */
export function mcpAuthorizeRoute(authRequestId: string, now: number): string {
  const query = new URLSearchParams({ authRequestId, randomId: String(now) });
  return `${EMBED_PATHS.mcpAuthorize}?${query.toString()}`;
}

/** Opens the MCP settings dialog; it resolves when the user closes it (or a newer dialog opens). */
export function openMcpSettingsDialog(context: OverlayContext): OverlayDialog<void> {
  return openOverlayDialog(context, {
    route: mcpSettingsRoute(Date.now()),
    title: 'Piecework MCP settings',
    step: mcpSettingsStep,
    closedResult: undefined,
  });
}

/** Opens the MCP consent dialog; closed early (a newer dialog opens) it resolves `{denied: true}`. */
export function openAuthorizeMcpDialog(
  context: OverlayContext,
  options: AuthorizeMcpOptions,
): OverlayDialog<AuthorizeMcpResult> {
  return openOverlayDialog<AuthorizeMcpResult>(context, {
    route: mcpAuthorizeRoute(options.authRequestId, Date.now()),
    title: 'Piecework MCP authorization',
    step: authorizeMcpStep,
    closedResult: { denied: true },
  });
}
