/**
 * The SDK's one class: configure it once with the server, the host's JWT and the embedding
 * options, then navigate the embedded app, open connection and MCP dialogs and call the API as the
 * user.
 * Its methods, arguments and results are those of the Activepieces embed SDK (`ActivepiecesEmbedded` 0.13).
 */
import { EmbedVendorEvent } from '@piecework/shared';
import { notAnsweringMessage, watchForAnswer, type AnswerWatch } from './answer-timeout';
import { appMessageEffect } from './app-message-effect';
import { createAppSession, type AppSession } from './app-session';
import { openConnectionDialog } from './connect';
import type { ConnectResult } from './connection-dialog';
import type {
  ConfigureFailure,
  ConfigureOptions,
  ConfigureSuccess,
  ConnectFailure,
  ConnectOptions,
  EmbedRoute,
  RequestOptions,
} from './embed-options';
import { appFrameUrl } from './frame-urls';
import {
  openAuthorizeMcpDialog,
  openMcpSettingsDialog,
  type AuthorizeMcpOptions,
  type AuthorizeMcpResult,
} from './mcp-dialogs';
import { generateMcpToken, type McpTokenResult } from './mcp-token';
import type { OverlayContext, OverlayDialog } from './overlay-dialog';
import { createRequester, type Requester } from './request';
import {
  extractRouteFromUrl,
  initialRoute,
  joinPrefix,
  withLeadingSlash,
  withoutTrailingSlashes,
} from './routes';
import { SDK_VERSION } from './sdk-version';
import { vendorInitData } from './vendor-init';
import { waitFor } from './wait-for';

/** The main frame's style: fill the container. */
const APP_FRAME_STYLE = 'width:100%;height:100%;border:none';

/** The configuration in force. */
interface Configured {
  options: ConfigureOptions;
  instanceUrl: string;
  instanceOrigin: string;
  requester: Requester;
}

/** The main frame and what listens to it. */
interface AppFrame {
  frame: HTMLIFrameElement;
  session: AppSession;
  watch: AnswerWatch;
  onMessage: (event: MessageEvent) => void;
}

function logError(message: string, ...details: unknown[]): void {
  console.error(`Piecework: ${message}`, ...details);
}

/**
 * Embeds the Piecework web app in a host page. Create one (the script-tag build makes
 * `window.piecework`), call {@link PieceworkEmbedded.configure}, then the other methods.
 */
export class PieceworkEmbedded {
  /** The SDK's protocol version, sent to the app. */
  readonly sdkVersion = SDK_VERSION;
  private configured: Configured | undefined;
  private app: AppFrame | undefined;
  private isConfigured = false;
  private pendingRoutes: string[] = [];
  private generation = 0;
  /** The overlay dialog open (connection, MCP settings or consent): a new one closes it. */
  private dialog: Pick<OverlayDialog<unknown>, 'close'> | undefined;

  /**
   * Points the SDK at a Piecework server and, with `embedding.containerId`, fills that element with
   * the app. Resolves when the app is authenticated and configured (at once without a container);
   * rejects {@link ConfigureFailure} when the container does not appear within 10 s, the JWT is
   * refused, or the app does not answer (the host's origin is not allowed to frame it). Calling it
   * again replaces the frame.
   */
  configure(options: ConfigureOptions): Promise<ConfigureSuccess> {
    this.tearDown();
    const generation = ++this.generation;
    const instanceUrl = withoutTrailingSlashes(options.instanceUrl);
    this.configured = {
      options: { ...options, instanceUrl },
      instanceUrl,
      instanceOrigin: new URL(instanceUrl).origin,
      requester: createRequester({ instanceUrl, jwtToken: options.jwtToken }),
    };
    const containerId = options.embedding?.containerId;
    if (containerId === undefined || containerId === '') return Promise.resolve({ status: 'success' });
    const configured = this.configured;
    return new Promise<ConfigureSuccess>((resolve, reject) => {
      const fail = (error: ConfigureFailure['error'], logged = error.message, ...details: unknown[]) => {
        logError(logged, ...details);
        const failure: ConfigureFailure = { status: 'error', error };
        reject(failure);
      };
      void waitFor(() => document.getElementById(containerId)).then((container) => {
        if (generation !== this.generation) return;
        if (!container) return fail({ message: 'container not found' });
        this.app = this.mountApp(configured, container, {
          configured: () => resolve({ status: 'success' }),
          fail,
        });
      });
    });
  }

  /** Opens `route` (`/flows`, `/flows/<id>`, `/runs`) in the app; queued until it is configured. */
  navigate({ route }: EmbedRoute): void {
    const normalized = withLeadingSlash(route);
    if (!this.app || !this.isConfigured) {
      this.pendingRoutes.push(normalized);
      return;
    }
    this.app.session.post({ type: EmbedVendorEvent.VENDOR_ROUTE_CHANGED, data: { vendorRoute: normalized } });
  }

  /**
   * Opens the app's dialog to create (or, with `connectionName`, reconnect) a connection of
   * `pieceName`, over the page or in a popup (`newWindow`). Resolves `{connection}` when the dialog
   * closes (`{connection: undefined}` when it closed without one); rejects {@link ConnectFailure}
   * for an invalid name, an unknown piece or a refused JWT. A new call closes the open dialog.
   */
  async connect(options: ConnectOptions): Promise<ConnectResult> {
    const context = await this.openDialogContext('connect');
    const dialog = openConnectionDialog(context, options);
    this.dialog = dialog;
    return dialog.result;
  }

  /**
   * Opens the project's MCP settings (server URL, status, token, connected apps) in an overlay
   * frame. Resolves when the user closes it (or a new dialog replaces it); rejects {@link
   * ConnectFailure} for a refused JWT or an app that does not answer.
   */
  async mcpSettings(): Promise<void> {
    const dialog = openMcpSettingsDialog(await this.openDialogContext('mcpSettings'));
    this.dialog = dialog;
    return dialog.result;
  }

  /**
   * Asks the user, in an overlay frame, to let an MCP client use Piecework: pass the
   * `authRequestId` of the consent URL (`/mcp-authorize?authRequestId=...`) the server's
   * `/authorize` redirected to. Resolves `{redirectUrl}` on approval and `{denied: true}` (with the
   * client's `redirectUrl` carrying `error=access_denied` when known) on denial; send the MCP
   * client's browser to `redirectUrl`. Rejects {@link ConnectFailure} for an invalid or expired
   * request, a refused JWT or an app that does not answer.
   */
  async authorizeMcp(options: AuthorizeMcpOptions): Promise<AuthorizeMcpResult> {
    const dialog = openAuthorizeMcpDialog(await this.openDialogContext('authorizeMcp'), options);
    this.dialog = dialog;
    return dialog.result;
  }

  /**
   * The embedded user's project MCP server: `{mcpServerUrl, mcpToken}` (the project MCP token, for
   * `Authorization: Bearer` on `/mcp`). Exchanges the JWT as {@link PieceworkEmbedded.request}
   * does; rejects `{status, body}` when the API refuses.
   */
  generateMcpToken(): Promise<McpTokenResult> {
    if (!this.configured)
      return Promise.reject(new Error('Piecework: configure() must be called before generateMcpToken()'));
    return generateMcpToken(this.configured.requester);
  }

  /**
   * Calls the Piecework API as the embedded user (`path` after `/api/v1/`), exchanging the JWT for
   * a session on first use. Resolves the parsed JSON; rejects `{status, body}` on a non-2xx answer.
   */
  request<T = unknown>(options: RequestOptions): Promise<T> {
    if (!this.configured)
      return Promise.reject(new Error('Piecework: configure() must be called before request()'));
    return this.configured.requester.request<T>(options);
  }

  /**
   * The app route in a host URL (`https://host.io/automations/flows/abc` with prefix
   * `/automations` -> `/flows/abc`), undefined when the URL is not under the prefix. Pass it as
   * `embedding.initialRoute` or to {@link PieceworkEmbedded.navigate} to keep the app where the
   * host's address bar points.
   */
  extractActivepiecesRouteFromUrl({ vendorUrl }: { vendorUrl: string }): string | undefined {
    return extractRouteFromUrl({
      vendorUrl,
      hostOrigin: window.location.origin,
      prefix: this.configured?.options.prefix,
    });
  }

  /** Closes the open dialog and answers what a new one needs; throws {@link ConnectFailure} unconfigured. */
  private async openDialogContext(method: string): Promise<OverlayContext> {
    const configured = this.configured;
    if (!configured) {
      const failure: ConnectFailure = { error: `configure() must be called before ${method}()` };
      throw failure;
    }
    this.dialog?.close();
    await waitFor(() => document.body);
    return {
      instanceUrl: configured.instanceUrl,
      instanceOrigin: configured.instanceOrigin,
      hostOrigin: window.location.origin,
      loadTimeoutMs: configured.options.embedding?.loadTimeoutMs,
      vendorInit: (route) => vendorInitData(configured.options, route),
      logError,
    };
  }

  private mountApp(
    configured: Configured,
    container: HTMLElement,
    settle: {
      configured: () => void;
      fail: (error: ConfigureFailure['error'], logged?: string, ...details: unknown[]) => void;
    },
  ): AppFrame {
    const { options, instanceOrigin } = configured;
    const embedding = options.embedding ?? {};
    const route = initialRoute({
      initialRoute: embedding.initialRoute,
      hostPathname: window.location.pathname,
      prefix: options.prefix,
    });
    const frame = document.createElement('iframe');
    frame.src = appFrameUrl(configured.instanceUrl, Date.now());
    frame.title = 'Piecework';
    frame.setAttribute('allow', 'clipboard-read; clipboard-write');
    frame.style.cssText = APP_FRAME_STYLE;
    const session = createAppSession({
      origin: instanceOrigin,
      target: () => frame.contentWindow,
      vendorInit: () => vendorInitData(options, route),
      onMessage: (message) => {
        const effect = appMessageEffect(message);
        switch (effect.kind) {
          case 'answered':
            return watch.stop();
          case 'authentication-failed':
            return settle.fail(
              { message: 'Authentication failed', ...effect.details },
              'Authentication failed',
              effect.details,
            );
          case 'configured':
            this.isConfigured = true;
            for (const pending of this.pendingRoutes.splice(0)) this.navigate({ route: pending });
            return settle.configured();
          case 'route-changed': {
            const hostRoute = joinPrefix(options.prefix, effect.route);
            const handler = embedding.navigation?.handler;
            if (handler) return handler({ route: hostRoute });
            return window.history.replaceState(window.history.state, '', hostRoute);
          }
          case 'home-button-clicked':
            return embedding.builder?.homeButtonClickedHandler?.({ route: effect.route });
          case 'ignore':
            return;
        }
      },
    });
    const onMessage = (event: MessageEvent) => session.receive(event);
    window.addEventListener('message', onMessage);
    container.appendChild(frame);
    const watch = watchForAnswer({
      frame,
      loadTimeoutMs: embedding.loadTimeoutMs,
      onTimeout: () => {
        if (!session.answered)
          settle.fail({ message: notAnsweringMessage(instanceOrigin, window.location.origin) });
      },
    });
    return { frame, session, watch, onMessage };
  }

  private tearDown(): void {
    if (this.app) {
      window.removeEventListener('message', this.app.onMessage);
      this.app.watch.stop();
      this.app.frame.remove();
      this.app = undefined;
      // Routes queued for the replaced frame; those queued before the first configure() stay.
      this.pendingRoutes = [];
    }
    this.dialog?.close();
    this.dialog = undefined;
    this.isConfigured = false;
  }
}
