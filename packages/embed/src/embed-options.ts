/**
 * The options of {@link PieceworkEmbedded}'s methods, with the names and shapes of
 * Activepieces' embed SDK (0.13), so host code written for it type-checks unchanged.
 */
import type { EmbedBuilderNavigation } from '@piecework/shared';

/** A route in the embedded app, or in the host page, as the navigation callbacks receive it. */
export interface EmbedRoute {
  route: string;
}

/**
 * What to show and hide in the embedded app, and where to put it. Every flag defaults to false.
 * Use it as `configure({embedding})`.
 */
export interface EmbeddingOptions {
  /**
   * The id of the element to fill with the dashboard/builder frame. Without it no frame is made:
   * only `connect()` dialogs and `request()` are used.
   */
  containerId?: string;
  /** The app route to open first (`/flows`, `/flows/<id>`, `/runs`); default: the host's path after `prefix`, else `/`. */
  initialRoute?: string;
  /** The interface language (`en` default). */
  locale?: string;
  /** Font and colour mode; `fontUrl` and `fontFamily` are only applied together. */
  styling?: { fontUrl?: string; fontFamily?: string; mode?: 'light' | 'dark' };
  /** The flow builder. */
  builder?: {
    /** Hide the builder's way out (`true`), or keep only its home button. Default false. */
    disableNavigation?: EmbedBuilderNavigation;
    /** Hide the flow's name in the builder. */
    hideFlowName?: boolean;
    /** The home button's icon; default `logo`. */
    homeButtonIcon?: 'logo' | 'back';
    /** Called instead of the app's own navigation when the builder's home button is clicked. */
    homeButtonClickedHandler?: (data: EmbedRoute) => void;
  };
  /** The dashboard pages. */
  dashboard?: { hideSidebar?: boolean; hideFlowsPageNavbar?: boolean; hidePageHeader?: boolean };
  hideFolders?: boolean;
  hideTables?: boolean;
  hideExportAndImportFlow?: boolean;
  hideDuplicateFlow?: boolean;
  hideActiveUsers?: boolean;
  hideGlobalSearch?: boolean;
  /**
   * Called with the host route (`prefix` + the app's route) whenever the app navigates; without it
   * the SDK writes that route into the address bar with `history.replaceState`.
   */
  navigation?: { handler?: (data: EmbedRoute) => void };
  /**
   * Piecework only (not in the Activepieces embed SDK): how long to wait, in ms, for the app's first message
   * after the frame's `load` event before `configure()` (or `connect()`) fails with "did not
   * answer" (the usual cause: the host's origin is not among the server's allowed embed origins,
   * so the browser refused the frame). Default 3000; the wait from the frame's creation is five
   * times it (default 15000).
   */
  loadTimeoutMs?: number;
}

/** The argument of `configure()`. */
export interface ConfigureOptions {
  /** The Piecework server's URL (`https://flows.example.com`); trailing slashes are removed. */
  instanceUrl: string;
  /** The JWT the host's backend signed with a platform signing key for its user. */
  jwtToken: string;
  /** The host route under which the embedded app's routes live (`/automations`); default `/`. */
  prefix?: string;
  /** The frame and its options; see {@link EmbeddingOptions}. */
  embedding?: EmbeddingOptions;
}

/** How `configure()` resolves. */
export interface ConfigureSuccess {
  status: 'success';
}

/** How `configure()` rejects (a plain object, as the Activepieces embed SDK rejects). */
export interface ConfigureFailure {
  status: 'error';
  /** `message`, and for a refused JWT the app's details (`code`, its own `message`). */
  error: { message: string; code?: string; [detail: string]: unknown };
}

/** Where and how big the popup of `connect({newWindow})` is; defaults 700 x 700 at 0, 0. */
export interface NewWindowFeatures {
  width?: number;
  height?: number;
  top?: number;
  left?: number;
}

/** The argument of `connect()`. */
export interface ConnectOptions {
  /** The piece to connect (`@activepieces/piece-slack`). */
  pieceName: string;
  /** The connection's external id: given, the dialog reconnects (or creates) the one of that name. */
  connectionName?: string;
  /** Open the dialog in a popup window instead of an overlay frame. */
  newWindow?: NewWindowFeatures;
}

/** How `connect()` rejects: the app's reason (invalid name, unknown piece, failed authentication). */
export interface ConnectFailure {
  error: string;
}

/** The argument of `request()`. */
export interface RequestOptions {
  /** The API path after `/api/v1/` (`flows`, `flow-runs/<id>`); a leading slash is ignored. */
  path: string;
  /** `GET`, `POST`, `DELETE`... (any method `fetch` sends). */
  method: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the URL; an array value repeats its key. */
  queryParams?: Record<string, string | number | boolean | readonly string[] | undefined>;
}

/** How `request()` rejects on a non-2xx answer: the status and the parsed body (`{code, params}`). */
export interface RequestFailure {
  status: number;
  body: unknown;
}
