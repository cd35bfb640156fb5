/**
 * `@piecework/embed`: the browser SDK that embeds the Piecework web app in a host page (an iframe
 * driven by postMessage) and calls the API as the embedded user. It is Activepieces'
 * embed SDK (Activepieces 0.13) by name and behaviour: host code written for it works by changing
 * the import (`ActivepiecesEmbedded` is the same class). No runtime dependency; also built as a
 * script-tag bundle that sets `window.piecework` and `window.activepieces`.
 *
 * @example
 * ```ts
 * import { PieceworkEmbedded } from '@piecework/embed';
 *
 * const piecework = new PieceworkEmbedded();
 * await piecework.configure({
 *   instanceUrl: 'https://flows.example.com',
 *   jwtToken, // signed by your backend with a platform signing key
 *   prefix: '/automations',
 *   embedding: {
 *     containerId: 'piecework-container',
 *     dashboard: { hideSidebar: true },
 *     navigation: { handler: ({ route }) => router.push(route) },
 *   },
 * });
 * piecework.navigate({ route: '/runs' });
 * const { connection } = await piecework.connect({ pieceName: '@activepieces/piece-slack' });
 * const flows = await piecework.request({ path: 'flows', method: 'GET', queryParams: { limit: '10' } });
 * const { mcpServerUrl, mcpToken } = await piecework.generateMcpToken();
 * ```
 * @module
 */
export { PieceworkEmbedded, PieceworkEmbedded as ActivepiecesEmbedded } from './piecework-embedded';
export type { ConnectResult } from './connection-dialog';
export type { AuthorizeMcpOptions, AuthorizeMcpResult } from './mcp-dialogs';
export type { McpTokenResult } from './mcp-token';
export type {
  ConfigureFailure,
  ConfigureOptions,
  ConfigureSuccess,
  ConnectFailure,
  ConnectOptions,
  EmbedRoute,
  EmbeddingOptions,
  NewWindowFeatures,
  RequestFailure,
  RequestOptions,
} from './embed-options';
export type { EmbedBuilderNavigation, EmbedConnectionResult } from '@piecework/shared';
