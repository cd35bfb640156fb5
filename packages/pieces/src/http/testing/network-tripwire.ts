import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * A safety net for tests, independent of the code under test: patches
 * `net.Socket.prototype.connect` so that connecting anywhere but loopback throws (IP literals)
 * or fails the lookup (names), BEFORE any packet leaves. Should the SSRF filter be broken, its
 * tests fail instead of reaching the network. Returns the function that removes it.
 */
export function installNetworkTripwire(): () => void {
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options: unknown = Array.isArray(first) ? first[0] : first;
    if (typeof options === 'object' && options !== null) {
      const { path, host, lookup } = options as { path?: unknown; host?: unknown; lookup?: LookupFunction };
      const hostname = typeof host === 'string' && host !== '' ? host : 'localhost';
      if (!path && net.isIP(hostname) !== 0 && !isLoopback(hostname)) trip(hostname);
      if (!path) Object.assign(options, { lookup: loopbackOnly(lookup ?? dns.lookup) });
    } else if (typeof options === 'number' || (typeof options === 'string' && /^\d+$/.test(options))) {
      const host = typeof args[1] === 'string' ? args[1] : 'localhost';
      if (!isLoopback(host) && host !== 'localhost') trip(host);
    }
    return (original as (...args: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  return () => {
    net.Socket.prototype.connect = original;
  };
}

function loopbackOnly(inner: LookupFunction): LookupFunction {
  return (hostname, options, callback) =>
    inner(hostname, options, (error, address, family) => {
      const addresses =
        typeof address === 'string' ? [address] : (address ?? []).map((entry) => entry.address);
      const outside = addresses.find((entry) => !isLoopback(entry));
      if (!error && outside !== undefined) {
        (callback as (error: Error) => void)(tripError(outside));
      } else {
        callback(error, address, family);
      }
    });
}

function trip(address: string): never {
  throw tripError(address);
}

function tripError(address: string): Error {
  return new Error(`Tripwire: a test tried to connect to ${address}`);
}

function isLoopback(address: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';
}
