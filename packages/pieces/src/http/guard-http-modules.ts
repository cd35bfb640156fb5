import http from 'node:http';
import https from 'node:https';
import type { GuardLookups } from './guard-lookups';

/**
 * Makes `http.request`/`http.get` (and https) arguments use the guard's lookup, in all their
 * forms: `(url[, options][, cb])` and `(options[, cb])`. The options get `lookup` (a caller's own
 * lookup wrapped), so a caller-supplied agent without one still resolves through the filter.
 * Returns new arguments; the caller's are not changed.
 */
export function guardRequestArgs(args: readonly unknown[], guard: GuardLookups): unknown[] {
  const [first, second, ...rest] = args;
  if (typeof first === 'string' || isUrl(first)) {
    if (typeof second === 'object' && second !== null) return [first, withLookup(second, guard), ...rest];
    return [first, { lookup: guard.lookup }, ...args.slice(1)];
  }
  if (typeof first === 'object' && first !== null) return [withLookup(first, guard), ...args.slice(1)];
  return [...args];
}

function withLookup(options: object, guard: GuardLookups): object {
  return { ...options, lookup: guard.lookupFor((options as { lookup?: unknown }).lookup) };
}

/** What Node's http takes for a URL (`URL`, or a look-alike from another realm or a polyfill). */
function isUrl(value: unknown): boolean {
  if (value instanceof URL) return true;
  const url = value as { href?: unknown; protocol?: unknown; auth?: unknown; path?: unknown } | null;
  return Boolean(url?.href && url.protocol && url.auth === undefined && url.path === undefined);
}

/**
 * Wraps `request` and `get` of `http` and `https` with {@link guardRequestArgs}, and replaces
 * `http.globalAgent` and `https.globalAgent` by agents (same options) that connect through the
 * guard's lookup, for code that reaches the agents directly. The lookup is put in per
 * connection, not in the agent's options: those override a request's own `lookup`, which is
 * wrapped instead. Returns the function that restores all.
 */
export function patchHttpModules(guard: GuardLookups): () => void {
  const restores = [http, https].flatMap((module) => [
    wrapFunction(module, 'request', guard),
    wrapFunction(module, 'get', guard),
  ]);
  const previousAgents = [http.globalAgent, https.globalAgent] as const;
  const agents = [
    guardAgent(new http.Agent((previousAgents[0] as AgentWithOptions).options), guard),
    guardAgent(new https.Agent(previousAgents[1].options), guard),
  ] as const;
  Object.assign(http, { globalAgent: agents[0] });
  Object.assign(https, { globalAgent: agents[1] });
  return () => {
    restores.forEach((restore) => restore());
    Object.assign(http, { globalAgent: previousAgents[0] });
    Object.assign(https, { globalAgent: previousAgents[1] });
    agents.forEach((agent) => agent.destroy());
  };
}

/** Makes every connection of the agent resolve through the guard's lookup. */
function guardAgent<A extends http.Agent>(agent: A, guard: GuardLookups): A {
  const createConnection = agent.createConnection as (options: object, ...rest: unknown[]) => unknown;
  Object.assign(agent, {
    createConnection(this: A, options: object, ...rest: unknown[]) {
      return createConnection.call(this, withLookup(options, guard), ...rest);
    },
  });
  return agent;
}

/** `agent.options` exists at runtime; @types/node 20 declares it on https.Agent only. */
type AgentWithOptions = http.Agent & { options: http.AgentOptions };

function wrapFunction(
  module: typeof http | typeof https,
  name: 'request' | 'get',
  guard: GuardLookups,
): () => void {
  const original = module[name] as (...args: unknown[]) => http.ClientRequest;
  const guarded = function (this: unknown, ...args: unknown[]): http.ClientRequest {
    return original.apply(this, guardRequestArgs(args, guard));
  };
  Object.assign(module, { [name]: guarded });
  return () => {
    Object.assign(module, { [name]: original });
  };
}
