import { isIP, type LookupFunction } from 'node:net';

/** A resolver for tests: names map to fixed addresses, nothing touches DNS. */
export interface FakeResolver {
  resolve: LookupFunction;
  /** The names asked for, in order. */
  readonly asked: string[];
}

/**
 * A `dns.lookup`-compatible resolver from a table (`{'evil.example': ['10.0.0.1']}`); unknown
 * names fail with ENOTFOUND. Answers `{all: true}` with every address, else the first.
 */
export function fakeResolver(table: Record<string, readonly string[]>): FakeResolver {
  const asked: string[] = [];
  const resolve: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    const addresses = (table[hostname] ?? []).map((address) => ({ address, family: isIP(address) }));
    setImmediate(() => {
      const [first] = addresses;
      if (first === undefined) {
        const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        (callback as (error: Error) => void)(error);
      } else if (options.all) {
        callback(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
  return { resolve, asked };
}
