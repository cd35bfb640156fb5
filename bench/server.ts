/**
 * bench/server: requests/s and p50/p99 of `GET /v1/flows/:id` and of an UPDATE_ACTION operation
 * (`POST /v1/flows/:id`) on the real server (SQLite file, auth, validation, access checks, audit
 * event per write), at 1 and 16 connections, beside a bare Fastify route answering the same JSON
 * in the same run. The load comes from a second process (bench/load-generator.ts). The same two
 * cases run again as an Editor of the project (a project member: the access check reads the
 * membership and its role), and sign-in's p50 is measured over sequential sign-ins (one scrypt
 * derivation each, under the authentication rate limit).
 *
 * Run: npm run bench:server   (BENCH_SECONDS=5 by default per case)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createServer } from '../packages/server/src/index';
import { callJson, runLoad, signUpBenchUser } from './http-load';
import type { LoadResult, LoadSpec } from './load-generator';
import { printTable } from './support';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);

const load = (spec: Omit<LoadSpec, 'seconds' | 'warmupSeconds'>) => runLoad(spec, seconds);
const api = callJson;

function codeStep(name: string, n: number) {
  return {
    name,
    displayName: `Step ${name}`,
    type: 'CODE',
    valid: true,
    skip: false,
    settings: {
      input: { n },
      sourceCode: { code: 'export const code = async (inputs) => ({ n: inputs.n + 1 });', packageJson: '{}' },
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-server-'));
const server = await createServer({ env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn' } });
const origin = await server.listen({ port: 0, host: '127.0.0.1' });

const user = await signUpBenchUser(origin);
const created = await api<{ id: string }>(origin, 'POST', '/v1/flows', user.token, {
  displayName: 'Bench flow',
  projectId: user.projectId,
});
for (let i = 1; i <= 10; i++) {
  await api(origin, 'POST', `/v1/flows/${created.id}`, user.token, {
    type: 'ADD_ACTION',
    request: {
      parentStep: i === 1 ? 'trigger' : `step_${String(i - 1)}`,
      action: codeStep(`step_${String(i)}`, i),
    },
  });
}
const editorToken = await editorOf(origin, user.token, user.projectId);
const flowJson = JSON.stringify(await api(origin, 'GET', `/v1/flows/${created.id}`, user.token));
const updateBodies = Array.from({ length: 64 }, (_, i) =>
  JSON.stringify({ type: 'UPDATE_ACTION', request: codeStep(`step_${String((i % 10) + 1)}`, 1000 + i) }),
);

const bare = Fastify();
bare.get('/bare', (_request, reply) => reply.header('content-type', 'application/json').send(flowJson));
bare.post('/bare', (request, reply) => {
  JSON.stringify(request.body);
  return reply.header('content-type', 'application/json').send(flowJson);
});
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

/** A new user invited to `projectId` as an Editor (link answered: no SMTP), signed up; its token. */
async function editorOf(at: string, adminToken: string, projectId: string): Promise<string> {
  const email = 'editor@example.com';
  const invitation = await api<{ link: string }>(at, 'POST', '/v1/user-invitations', adminToken, {
    type: 'PROJECT',
    email,
    projectId,
    projectRole: 'Editor',
  });
  const invitationToken = new URL(invitation.link).searchParams.get('token') ?? '';
  await api(at, 'POST', '/v1/user-invitations/accept', undefined, { invitationToken });
  const signedUp = await api<{ token: string }>(at, 'POST', '/v1/authentication/sign-up', undefined, {
    email,
    password: 'correct horse battery',
    firstName: 'Edie',
    lastName: 'Tor',
  });
  return signedUp.token;
}

/** p50 and p99 of `count` sequential sign-ins of the editor, in ms. */
async function signInLatencies(at: string, count: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await api(at, 'POST', '/v1/authentication/sign-in', undefined, {
      email: 'editor@example.com',
      password: 'correct horse battery',
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)]!, p99: times[Math.min(count - 1, Math.floor(count * 0.99))]! };
}

const auth = { authorization: `Bearer ${user.token}` };
const editorAuth = { authorization: `Bearer ${editorToken}` };
const json = { 'content-type': 'application/json' };
const rows: string[][] = [];
const format = (value: number, digits = 2) => value.toFixed(digits);
for (const connections of [1, 16]) {
  const cases: [string, LoadResult, LoadResult][] = [];
  const getFlow = await load({
    origin,
    path: `/api/v1/flows/${created.id}`,
    method: 'GET',
    headers: auth,
    connections,
  });
  const bareGet = await load({ origin: bareOrigin, path: '/bare', method: 'GET', headers: {}, connections });
  cases.push(['GET /v1/flows/:id', getFlow, bareGet]);
  const update = await load({
    origin,
    path: `/api/v1/flows/${created.id}`,
    method: 'POST',
    headers: { ...auth, ...json },
    bodies: updateBodies,
    connections,
  });
  const barePost = await load({
    origin: bareOrigin,
    path: '/bare',
    method: 'POST',
    headers: json,
    bodies: updateBodies,
    connections,
  });
  cases.push(['UPDATE_ACTION (POST /v1/flows/:id)', update, barePost]);
  const editorGet = await load({
    origin,
    path: `/api/v1/flows/${created.id}`,
    method: 'GET',
    headers: editorAuth,
    connections,
  });
  cases.push(['GET /v1/flows/:id as Editor', editorGet, bareGet]);
  const editorUpdate = await load({
    origin,
    path: `/api/v1/flows/${created.id}`,
    method: 'POST',
    headers: { ...editorAuth, ...json },
    bodies: updateBodies,
    connections,
  });
  cases.push(['UPDATE_ACTION as Editor', editorUpdate, barePost]);
  for (const [name, ours, baseline] of cases) {
    rows.push([
      name,
      String(connections),
      format(ours.requestsPerSecond, 0),
      format(ours.p50),
      format(ours.p99),
      format(baseline.requestsPerSecond, 0),
      format(baseline.p50),
      format(baseline.p99),
      `${format(ours.requestsPerSecond / baseline.requestsPerSecond)}x`,
      String(ours.errors),
    ]);
  }
}
const flowSize = Buffer.byteLength(flowJson);
process.stdout.write(
  `flow of 10 code steps, ${String(flowSize)} bytes of JSON; ${String(seconds)} s per case\n`,
);
printTable(
  ['case', 'c', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'bare p50', 'bare p99', 'ours/bare', 'errors'],
  rows,
);
const signIn = await signInLatencies(origin, 40);
process.stdout.write(
  `sign-in (40 sequential, one scrypt each): p50 ${format(signIn.p50)} ms, p99 ${format(signIn.p99)} ms\n`,
);
await bare.close();
await server.close();
rmSync(dataDir, { recursive: true, force: true });
