/**
 * The postMessage protocol between a host page (the "vendor", running `@piecework/embed`) and the
 * embedded web app (the "client", in an iframe at `/embed`). Names and payloads are Activepieces'
 * (its embed SDK 0.13), so host code written for it works unchanged.
 *
 * This module is free of zod and of every other dependency: the embed SDK inlines it and stays
 * small. Both sides name the target origin of every message and ignore messages from any other
 * window or origin.
 *
 * Order of one session:
 * 1. client -> vendor `CLIENT_INIT`;
 * 2. vendor -> client `VENDOR_INIT` (options and the host's signed JWT);
 * 3. client -> vendor `CLIENT_AUTHENTICATION_SUCCESS` or `CLIENT_AUTHENTICATION_FAILED`;
 * 4. client -> vendor `CLIENT_CONFIGURATION_FINISHED`;
 * 5. then `CLIENT_ROUTE_CHANGED` / `VENDOR_ROUTE_CHANGED` as either side navigates, and the
 *    events of the overlay dialogs (connection, MCP settings, MCP consent).
 */

/** Messages the embedded app posts to the host page. */
export const EmbedClientEvent = {
  CLIENT_INIT: 'CLIENT_INIT',
  CLIENT_AUTHENTICATION_SUCCESS: 'CLIENT_AUTHENTICATION_SUCCESS',
  CLIENT_AUTHENTICATION_FAILED: 'CLIENT_AUTHENTICATION_FAILED',
  CLIENT_CONFIGURATION_FINISHED: 'CLIENT_CONFIGURATION_FINISHED',
  CLIENT_ROUTE_CHANGED: 'CLIENT_ROUTE_CHANGED',
  CLIENT_BUILDER_HOME_BUTTON_CLICKED: 'CLIENT_BUILDER_HOME_BUTTON_CLICKED',
  CLIENT_SHOW_CONNECTION_IFRAME: 'CLIENT_SHOW_CONNECTION_IFRAME',
  CLIENT_NEW_CONNECTION_DIALOG_CLOSED: 'CLIENT_NEW_CONNECTION_DIALOG_CLOSED',
  CLIENT_CONNECTION_NAME_IS_INVALID: 'CLIENT_CONNECTION_NAME_IS_INVALID',
  CLIENT_CONNECTION_PIECE_NOT_FOUND: 'CLIENT_CONNECTION_PIECE_NOT_FOUND',
  CLIENT_SHOW_MCP_IFRAME: 'CLIENT_SHOW_MCP_IFRAME',
  CLIENT_MCP_SETTINGS_DIALOG_CLOSED: 'CLIENT_MCP_SETTINGS_DIALOG_CLOSED',
  CLIENT_MCP_OAUTH_APPROVED: 'CLIENT_MCP_OAUTH_APPROVED',
  CLIENT_MCP_OAUTH_DENIED: 'CLIENT_MCP_OAUTH_DENIED',
} as const;
/** The name of a message from the embedded app. */
export type EmbedClientEventName = (typeof EmbedClientEvent)[keyof typeof EmbedClientEvent];

/** Messages the host page posts to the embedded app. */
export const EmbedVendorEvent = {
  VENDOR_INIT: 'VENDOR_INIT',
  VENDOR_ROUTE_CHANGED: 'VENDOR_ROUTE_CHANGED',
} as const;
/** The name of a message from the host page. */
export type EmbedVendorEventName = (typeof EmbedVendorEvent)[keyof typeof EmbedVendorEvent];

/** `builder.disableNavigation`: hide the builder's way out, or keep only its home button. */
export type EmbedBuilderNavigation = boolean | 'keep_home_button_only';

/**
 * `data` of `VENDOR_INIT`: the host's options as the embedded app applies them (Activepieces'
 * option -> wire mapping), with the JWT the host signed for its user. Every flag defaults to false.
 */
export interface EmbedVendorInitData {
  /** The host's JWT (RS256, signed with a platform signing key), exchanged for a session. */
  jwtToken: string;
  /** The SDK version that sent it. */
  sdkVersion: string;
  /** The app route to open first (`/flows`, `/flows/<id>`, `/runs`...); default `/`. */
  initialRoute: string;
  /** Host route prefix (informational for the app; the SDK adds it to routes it reports). */
  prefix?: string;
  hideSidebar: boolean;
  hideFlowsPageNavbar: boolean;
  hidePageHeader: boolean;
  disableNavigationInBuilder: EmbedBuilderNavigation;
  hideFlowNameInBuilder: boolean;
  /** The builder's home button: the logo or a back arrow. */
  homeButtonIcon: 'logo' | 'back';
  /** The host set `builder.homeButtonClickedHandler`: the app reports the click instead of navigating. */
  emitHomeButtonClickedEvent: boolean;
  hideFolders: boolean;
  hideTables?: boolean;
  hideExportAndImportFlow: boolean;
  hideDuplicateFlow: boolean;
  hideActiveUsers?: boolean;
  hideGlobalSearch?: boolean;
  /** A stylesheet URL loading `fontFamily` (both are needed to change the font). */
  fontUrl?: string;
  fontFamily?: string;
  mode?: 'light' | 'dark';
  /** The interface language asked for (`en` default). */
  locale?: string;
}

/** A connection as the connection dialog reports it to the host. */
export interface EmbedConnectionResult {
  id: string;
  name: string;
}

/** Every message the embedded app posts, with its payload. */
export type EmbedClientMessage =
  | { type: typeof EmbedClientEvent.CLIENT_INIT; data: Record<string, never> }
  | { type: typeof EmbedClientEvent.CLIENT_AUTHENTICATION_SUCCESS; data: Record<string, never> }
  | { type: typeof EmbedClientEvent.CLIENT_AUTHENTICATION_FAILED; data: { message: string; code?: string } }
  | { type: typeof EmbedClientEvent.CLIENT_CONFIGURATION_FINISHED; data: Record<string, never> }
  | { type: typeof EmbedClientEvent.CLIENT_ROUTE_CHANGED; data: { route: string } }
  | { type: typeof EmbedClientEvent.CLIENT_BUILDER_HOME_BUTTON_CLICKED; data: { route: string } }
  | { type: typeof EmbedClientEvent.CLIENT_SHOW_CONNECTION_IFRAME; data: Record<string, never> }
  | {
      type: typeof EmbedClientEvent.CLIENT_NEW_CONNECTION_DIALOG_CLOSED;
      data: { connection?: EmbedConnectionResult };
    }
  | { type: typeof EmbedClientEvent.CLIENT_CONNECTION_NAME_IS_INVALID; data: { error: string } }
  | { type: typeof EmbedClientEvent.CLIENT_CONNECTION_PIECE_NOT_FOUND; data: { error: string } }
  | { type: typeof EmbedClientEvent.CLIENT_SHOW_MCP_IFRAME; data: Record<string, never> }
  | { type: typeof EmbedClientEvent.CLIENT_MCP_SETTINGS_DIALOG_CLOSED; data: Record<string, never> }
  | { type: typeof EmbedClientEvent.CLIENT_MCP_OAUTH_APPROVED; data: { redirectUrl: string } }
  | {
      type: typeof EmbedClientEvent.CLIENT_MCP_OAUTH_DENIED;
      /** Where the MCP client hears the refusal (`error=access_denied`); absent when unknown. */
      data: { redirectUrl?: string; error?: string };
    };

/** Every message the host page posts, with its payload. */
export type EmbedVendorMessage =
  | { type: typeof EmbedVendorEvent.VENDOR_INIT; data: EmbedVendorInitData }
  | { type: typeof EmbedVendorEvent.VENDOR_ROUTE_CHANGED; data: { vendorRoute: string } };

/**
 * The embedded app's URL paths: the builder/dashboard frame; the overlay frame of `connect()`
 * (query: `pieceName`, optional `connectionName`, and a `randomId` that makes each call a new
 * page); the overlay of `mcpSettings()` (the project's MCP server); and that of `authorizeMcp()`
 * (query: `authRequestId`, the pending request `/authorize` made, and a `randomId`).
 */
export const EMBED_PATHS = {
  app: '/embed',
  connections: '/embed/connections',
  mcp: '/embed/mcp',
  mcpAuthorize: '/embed/mcp-authorize',
} as const;

/** Whether `value` is an object shaped like a protocol message (`{type: string, data?}`). */
export function isEmbedMessage(value: unknown): value is { type: string; data?: unknown } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}
