/**
 * The host app's server: the page (at `/` and every path below it, as the host's own router would)
 * and `GET /api/piecework-token`, where the host's backend signs a JWT for its signed-in user
 * (here one fixed demo user). In a real app, the private key stays on this server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostPageHtml } from './host-page';
import { signEmbedToken, type EmbedSigningKey, type EmbedTokenClaims } from './sign-embed-token';

/** The demo user the host signs in (the project is created on first sign-in). */
export const DEMO_USER: EmbedTokenClaims = {
  externalUserId: 'acme-user-1',
  externalProjectId: 'acme-workspace-1',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'EDITOR',
  projectDisplayName: 'Acme automations',
};

/** Options of {@link startEmbedHost}. */
export interface EmbedHostOptions {
  /** Piecework's base URL, e.g. `http://127.0.0.1:3000`. */
  pieceworkUrl: string;
  /** The platform signing key the host signs with. */
  signingKey: EmbedSigningKey;
  /** Default 0 (a free port). */
  port?: number;
  /** Default `localhost` (another site than `127.0.0.1`, so the frame is truly cross-site). */
  host?: string;
  /** The user to sign in; default {@link DEMO_USER}. */
  user?: EmbedTokenClaims;
}

/** A running host app. */
export interface EmbedHost {
  /** Its origin, e.g. `http://localhost:4000` (add it to Piecework's allowed embed origins). */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the host app. */
export async function startEmbedHost(options: EmbedHostOptions): Promise<EmbedHost> {
  const instanceUrl = options.pieceworkUrl.replace(/\/+$/, '');
  const page = hostPageHtml({ instanceUrl, sdkUrl: `${instanceUrl}/sdk/piecework-embed.js` });
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (path === '/api/piecework-token') {
      const token = signEmbedToken(options.user ?? DEMO_USER, options.signingKey);
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ token }));
      return;
    }
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  const hostname = options.host ?? 'localhost';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, hostname, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostname}:${String(port)}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
