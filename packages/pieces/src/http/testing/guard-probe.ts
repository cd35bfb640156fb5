/**
 * A child process for `install-ssrf-guard.test.ts`: `node --import tsx guard-probe.ts '<allow
 * list as JSON>'` installs the guard, tries every way out it knows against a loopback server of
 * its own, and prints `{outcomes, connections, message}` as JSON. Only loopback is ever targeted,
 * and the network tripwire (installed first) stops anything else before it leaves.
 */
import dns from 'node:dns';
import http, { get as namedGet } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { Agent as UndiciAgent } from 'undici';
import { installSsrfGuard } from '../install-ssrf-guard';
import { startLoopbackServer } from './loopback-server';
import { installNetworkTripwire } from './network-tripwire';

installNetworkTripwire();
const allowList = JSON.parse(process.argv[2] ?? '[]') as string[];
const server = await startLoopbackServer();
const origin = server.origin;
const port = server.port;
/** A caller's own lookup that maps every name to loopback. */
const toLoopback: LookupFunction = (_hostname, options, callback) =>
  dns.lookup('127.0.0.1', options, callback);

/** Settles when a request ends: its response read, or its error. */
function settle(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    request.on('response', (response) => response.resume().on('end', resolve));
    request.on('error', reject);
  });
}

/** Settles when a socket connects (and closes it), or fails. */
function connected(socket: net.Socket, event = 'connect'): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.on(event, () => resolve(void socket.destroy()));
    socket.on('error', reject);
  });
}

const attempts: Record<string, () => Promise<unknown>> = {
  'http.get(url)': () => settle(http.get(`${origin}/`)),
  'http.get, named ESM import': () => settle(namedGet(`${origin}/`)),
  'http.request({agent: false})': () => settle(http.request({ host: '127.0.0.1', port, agent: false }).end()),
  'http.get({host: decimal})': () => settle(http.get({ host: '2130706433', port })),
  'http.get with its own lookup': () => settle(http.get({ host: 'svc.internal', port, lookup: toLoopback })),
  'http.globalAgent.createConnection': () =>
    connected(http.globalAgent.createConnection({ port, host: '127.0.0.1' }) as net.Socket),
  'http.get with an agent that has its own lookup': () =>
    settle(http.get({ host: 'svc.internal', port, agent: new http.Agent({ lookup: toLoopback }) })),
  'https.get(url)': () => settle(https.get(`https://127.0.0.1:${port}/`)),
  'https.get with its own agent': () =>
    settle(https.get(`https://127.0.0.1:${port}/`, { agent: new https.Agent() })),
  'global fetch': async () => (await fetch(`${origin}/`)).text(),
  'global fetch with its own undici dispatcher': async () =>
    (await fetch(`${origin}/`, { dispatcher: new UndiciAgent() } as unknown as RequestInit)).text(),
  'net.connect(port, host)': () => connected(net.connect(port, '127.0.0.1')),
  'net.createConnection with its own lookup': () =>
    connected(net.createConnection({ port, host: 'svc.internal', lookup: toLoopback })),
  'new net.Socket().connect()': () => connected(new net.Socket().connect({ port, host: '127.0.0.1' })),
  'tls.connect': () => connected(tls.connect({ host: '127.0.0.1', port }), 'secureConnect'),
};

/** 'ok', 'blocked' (SSRF_BLOCKED, also as a cause), or 'failed' (anything else: a TLS handshake). */
async function outcome(attempt: () => Promise<unknown>): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(resolve, 5_000, 'timeout').unref());
  const run = attempt().then(
    () => 'ok',
    (error: { code?: string; cause?: { code?: string } }) =>
      error.code === 'SSRF_BLOCKED' || error.cause?.code === 'SSRF_BLOCKED' ? 'blocked' : 'failed',
  );
  return Promise.race([run, timeout]);
}

const uninstall = installSsrfGuard({ allowList });
const outcomes: Record<string, string> = {};
for (const [name, attempt] of Object.entries(attempts)) outcomes[name] = await outcome(attempt);
const message = await fetch(`${origin}/`).then(
  () => null,
  (error: Error) => (error.cause as Error).message,
);
const connections = server.connections();
uninstall();
outcomes['http.get(url) after uninstall'] = await outcome(attempts['http.get(url)']!);
await server.close();
process.stdout.write(JSON.stringify({ outcomes, connections, message }), () => process.exit(0));
