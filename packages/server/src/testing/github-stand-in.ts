/**
 * A stand-in for GitHub's OAuth web flow and the two REST calls GitHub sign-in makes, for tests:
 * a real HTTP server on loopback, written from GitHub's documentation. `GET
 * /login/oauth/authorize` redirects to the `redirect_uri` with a one-time `code` and the `state`;
 * `POST /login/oauth/access_token` exchanges a code issued to its OAuth app (client id and secret
 * in the form) for an access token, answering JSON when asked (`Accept: application/json`) and
 * `{error: 'bad_verification_code'}` with 200 for any other code, as GitHub does; `GET /user` and
 * `GET /user/emails` answer the account the test set, for that token only (else 401).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The GitHub account the stand-in signs in next. */
export interface GithubStandInAccount {
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/** One request the stand-in received. */
export interface GithubStandInRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
  /** The form fields of a POST. */
  readonly form: Record<string, string>;
}

/** A running stand-in. */
export interface GithubStandIn {
  /** `http://127.0.0.1:<port>`: the GitHub sign-in endpoints are {@link endpoints}. */
  readonly url: string;
  /** The endpoints to give the server (`githubEndpoints`). */
  readonly endpoints: { authorizationUrl: string; tokenUrl: string; apiUrl: string };
  /** The account the next sign-in is; tests change it. */
  account: GithubStandInAccount;
  /** Every request, in order. */
  readonly requests: GithubStandInRequest[];
  close(): Promise<void>;
}

/** Starts a stand-in GitHub for the OAuth app `clientId`/`clientSecret`. */
export async function startGithubStandIn(app: {
  clientId: string;
  clientSecret: string;
}): Promise<GithubStandIn> {
  const codes = new Map<string, GithubStandInAccount>();
  const tokens = new Map<string, GithubStandInAccount>();
  const requests: GithubStandInRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        form,
      };
      requests.push(request);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const back = new URL(request.query['redirect_uri'] ?? '');
        if (request.query['client_id'] !== app.clientId) return json(404, { message: 'Not Found' });
        const code = randomBytes(10).toString('hex');
        codes.set(code, structuredClone(standIn.account));
        back.searchParams.set('code', code);
        if (request.query['state'] !== undefined) back.searchParams.set('state', request.query['state']);
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const account = codes.get(form['code'] ?? '');
        codes.delete(form['code'] ?? '');
        if (form['client_id'] !== app.clientId || form['client_secret'] !== app.clientSecret) {
          return json(200, { error: 'incorrect_client_credentials' });
        }
        if (account === undefined) return json(200, { error: 'bad_verification_code' });
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, account);
        if (!String(req.headers['accept']).includes('application/json')) {
          res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
          return res.end(new URLSearchParams({ access_token: token, token_type: 'bearer' }).toString());
        }
        return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      const bearer = /^(?:Bearer|token) (.+)$/i.exec(req.headers['authorization'] ?? '')?.[1];
      const account = bearer === undefined ? undefined : tokens.get(bearer);
      if (request.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
        if (account === undefined) return json(401, { message: 'Bad credentials' });
        return url.pathname === '/user'
          ? json(200, { login: account.login, id: 1, name: account.name })
          : json(
              200,
              account.emails.map((email) => ({ ...email, visibility: null })),
            );
      }
      return json(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: GithubStandIn = {
    url,
    endpoints: {
      authorizationUrl: `${url}/login/oauth/authorize`,
      tokenUrl: `${url}/login/oauth/access_token`,
      apiUrl: url,
    },
    account: { login: 'octocat', name: 'Mona Lisa', emails: [] },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
  return standIn;
}
