/**
 * bench/mcp: what calling a flow through MCP costs, against the real server on loopback.
 * - MCP tool-call overhead: one flow (MCP Tool trigger -> code step -> Reply to MCP Client) called
 *   as an MCP tool by the MCP SDK's own client (Streamable HTTP, project MCP token), beside the
 *   same flow fired through its sync webhook (`POST /api/v1/webhooks/:id/sync`, the same run) in
 *   the same process, the two interleaved call by call: p50/p95 of each and the difference.
 * - `/token`: p50/p95 of the authorization-code exchange and of a refresh-token rotation by a
 *   confidential client (client_secret_basic), the client registered through `/register`.
 *
 * Run: npm run bench:mcp   (BENCH_CALLS=300 by default)
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from '../packages/server/src/index';
import { freePort } from '../packages/server/src/testing/server-process';
import { callJson, signUpBenchUser } from './http-load';
import { publishMcpToolFlow } from './mcp-tool-flow';
import { printTable } from './support';

const calls = Number(process.env['BENCH_CALLS'] ?? 300);

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-mcp-'));
const port = await freePort();
const origin = `http://127.0.0.1:${String(port)}`;
const server = await createServer({
  env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn', AP_FRONTEND_URL: origin },
  webApp: false,
});
await server.listen({ port, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
const flowId = await publishMcpToolFlow(origin, user);
const mcpServer = await callJson<{ token: string; serverUrl: string }>(
  origin,
  'GET',
  `/v1/mcp-servers?projectId=${user.projectId}`,
  user.token,
);

const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(
  new StreamableHTTPClientTransport(new URL(mcpServer.serverUrl), {
    requestInit: { headers: { authorization: `Bearer ${mcpServer.token}` } },
  }),
);
const { tools } = await client.listTools();
const tool = tools.find((entry) => entry.name.startsWith('add_one'));
if (tool === undefined) throw new Error(`No add_one tool in ${tools.map((entry) => entry.name).join(', ')}`);

async function viaMcp(n: number): Promise<void> {
  const result = await client.callTool({ name: tool!.name, arguments: { n } });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  if (result.isError === true || JSON.parse(text).n !== n + 1) throw new Error(`MCP answered ${text}`);
}

async function viaWebhook(n: number): Promise<void> {
  const response = await fetch(`${origin}/api/v1/webhooks/${flowId}/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n }),
  });
  const body = (await response.json()) as { n: number };
  if (response.status !== 200 || body.n !== n + 1)
    throw new Error(`webhook answered ${JSON.stringify(body)}`);
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => value.toFixed(2);

// Warm both paths (engine threads, compiled code step, caches), then interleave call by call.
for (let i = 0; i < 20; i++) {
  await viaWebhook(i);
  await viaMcp(i);
}
const webhookTimes: number[] = [];
const mcpTimes: number[] = [];
for (let i = 0; i < calls; i++) {
  webhookTimes.push(await timed(() => viaWebhook(i)));
  mcpTimes.push(await timed(() => viaMcp(i)));
}

// /token: a confidential client registered once; each round authorizes (not timed) and exchanges
// its code (timed), then rotates the refresh token once (timed).
const registered = (await (
  await fetch(`${origin}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'bench', redirect_uris: ['http://127.0.0.1:9/callback'] }),
  })
).json()) as { client_id: string; client_secret: string };
const basic = `Basic ${Buffer.from(
  `${encodeURIComponent(registered.client_id)}:${encodeURIComponent(registered.client_secret)}`,
).toString('base64')}`;

async function authorizationCode(verifier: string): Promise<string> {
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = new URL('/authorize', origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: registered.client_id,
    redirect_uri: 'http://127.0.0.1:9/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'bench',
  }).toString();
  const consent = await fetch(url, { redirect: 'manual' });
  const authRequestId = new URL(consent.headers.get('location')!, origin).searchParams.get('authRequestId')!;
  const { redirectUrl } = await callJson<{ redirectUrl: string }>(
    origin,
    'POST',
    '/v1/mcp-oauth/approve',
    user.token,
    { authRequestId, projectId: user.projectId },
  );
  return new URL(redirectUrl).searchParams.get('code')!;
}

async function postToken(form: Record<string, string>): Promise<{ refresh_token: string }> {
  const response = await fetch(`${origin}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
    body: new URLSearchParams(form).toString(),
  });
  if (response.status !== 200) throw new Error(`/token answered ${String(response.status)}`);
  return (await response.json()) as { refresh_token: string };
}

const exchangeTimes: number[] = [];
const refreshTimes: number[] = [];
const tokenRounds = Math.max(20, Math.floor(calls / 3));
for (let i = 0; i < tokenRounds + 5; i++) {
  const verifier = randomBytes(32).toString('base64url');
  const code = await authorizationCode(verifier);
  let tokens: { refresh_token: string } | undefined;
  const exchange = await timed(async () => {
    tokens = await postToken({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: 'http://127.0.0.1:9/callback',
    });
  });
  const refresh = await timed(async () => {
    await postToken({ grant_type: 'refresh_token', refresh_token: tokens!.refresh_token });
  });
  if (i >= 5) {
    exchangeTimes.push(exchange);
    refreshTimes.push(refresh);
  }
}

await client.close();
await server.close();
rmSync(dataDir, { recursive: true, force: true });

process.stdout.write(
  `MCP tool call vs the same flow's sync webhook, ${String(calls)} calls each, interleaved\n`,
);
printTable(
  ['path', 'p50 ms', 'p95 ms'],
  [
    ['sync webhook (baseline)', ms(percentile(webhookTimes, 50)), ms(percentile(webhookTimes, 95))],
    ['MCP tools/call', ms(percentile(mcpTimes, 50)), ms(percentile(mcpTimes, 95))],
    [
      'MCP overhead',
      ms(percentile(mcpTimes, 50) - percentile(webhookTimes, 50)),
      ms(percentile(mcpTimes, 95) - percentile(webhookTimes, 95)),
    ],
  ],
);
process.stdout.write(`\n/token, ${String(tokenRounds)} rounds, confidential client (Basic)\n`);
printTable(
  ['grant', 'p50 ms', 'p95 ms'],
  [
    ['authorization_code', ms(percentile(exchangeTimes, 50)), ms(percentile(exchangeTimes, 95))],
    ['refresh_token (rotation)', ms(percentile(refreshTimes, 50)), ms(percentile(refreshTimes, 95))],
  ],
);
