import net from 'node:net';
import { checkIpLiteral } from './check-ip-literal';
import type { GuardLookups } from './guard-lookups';
import type { SsrfBlockedError } from './ssrf-blocked-error';

/** `socket.connect(...)` arguments made safe, or the reason they are refused. */
export type GuardedConnect = { args: unknown[] } | { error: SsrfBlockedError };

/**
 * Makes `net.Socket.prototype.connect` arguments pass the SSRF filter, in all their forms:
 * `(options[, cb])`, `(port[, host][, cb])`, and the `[options, cb]` array `net.connect` and
 * `net.createConnection` pass already normalized. An IP literal host (which `net` connects to
 * without a lookup) is checked here; any other host gets the guard's lookup (a caller's own
 * lookup wrapped). IPC paths are left alone. Returns new arguments; the caller's are not changed.
 */
export function guardConnectArgs(args: readonly unknown[], guard: GuardLookups): GuardedConnect {
  const [first, ...rest] = args;
  if (Array.isArray(first)) {
    const guarded = guardConnectOptions(first[0], guard);
    if ('error' in guarded) return guarded;
    // Object.assign keeps the array's private "already normalized" marker symbol.
    const normalized: unknown[] = Object.assign([], first);
    normalized[0] = guarded.options;
    return { args: [normalized, ...rest] };
  }
  if (typeof first === 'object' && first !== null) {
    const guarded = guardConnectOptions(first, guard);
    return 'error' in guarded ? guarded : { args: [guarded.options, ...rest] };
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { args: [...args] };
  const callback = args.at(-1);
  const options = { port: first, ...(typeof rest[0] === 'string' ? { host: rest[0] } : {}) };
  const guarded = guardConnectOptions(options, guard);
  if ('error' in guarded) return guarded;
  return { args: typeof callback === 'function' ? [guarded.options, callback] : [guarded.options] };
}

function guardConnectOptions(
  options: unknown,
  guard: GuardLookups,
): { options: unknown } | { error: SsrfBlockedError } {
  if (typeof options !== 'object' || options === null) return { options };
  const { path, host, lookup } = options as { path?: unknown; host?: unknown; lookup?: unknown };
  if (path) return { options };
  const hostname = typeof host === 'string' && host !== '' ? host : 'localhost';
  const error = checkIpLiteral(hostname, guard.allowList);
  if (error !== null) return { error };
  return { options: { ...options, lookup: guard.lookupFor(lookup) } };
}

/**
 * Patches `net.Socket.prototype.connect`, the one place every TCP connection of the process
 * passes (`net.connect`, `tls.connect`, `http`, `https`, `http2`, undici and Node's own `fetch`),
 * with {@link guardConnectArgs}. A refused socket is destroyed with the SsrfBlockedError on the
 * next tick, as Node reports lookup errors. Returns the function that restores the original.
 */
export function patchSocketConnect(guard: GuardLookups): () => void {
  const original = net.Socket.prototype.connect;
  const guarded = function connect(this: net.Socket, ...args: unknown[]): net.Socket {
    const result = guardConnectArgs(args, guard);
    if ('error' in result) {
      process.nextTick(() => this.destroy(result.error));
      return this;
    }
    return (original as (...args: unknown[]) => net.Socket).apply(this, result.args);
  };
  net.Socket.prototype.connect = guarded as typeof original;
  return () => {
    net.Socket.prototype.connect = original;
  };
}
