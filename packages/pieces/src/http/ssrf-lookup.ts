import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { parseAllowList, type AllowList } from './address-policy';
import { formatAddress, parseHostAddress } from './ip-address';
import { checkAddress, SsrfBlockedError } from './ssrf-blocked-error';

export { SsrfBlockedError } from './ssrf-blocked-error';
export type { SsrfBlockedDetails } from './ssrf-blocked-error';

/**
 * A `dns.lookup`-compatible function, the shape of the `lookup` option of `net.connect`,
 * `tls.connect`, `http.request`, `http.Agent` and undici's connector.
 */
export type { LookupFunction } from 'node:net';

type LookupCallback = Parameters<LookupFunction>[2];

/**
 * A `dns.lookup` replacement that refuses what the SSRF filter blocks. It resolves the name with
 * `resolve` (default `dns.lookup`) asking for all addresses, checks EVERY one against
 * {@link classifyAddress} and the allow list, and fails with an {@link SsrfBlockedError} if any
 * is refused; else it answers in the shape asked for (`{all: true}` or the first address).
 * A host that is an IP literal in any spelling (`2130706433`, `[::1]`) is checked without DNS.
 * Sockets connect to the address this returns, so there is no second resolution to rebind.
 * Invalid allow-list entries throw here.
 *
 * @param allowList AP_SSRF_ALLOW_LIST entries (IPs, CIDRs) to let through although blocked.
 * @param resolve the resolver (default `dns.lookup`); tests inject one to avoid real DNS.
 * @example new http.Agent({ lookup: createSsrfLookup(['10.0.0.0/8']) })
 */
export function createSsrfLookup(allowList: readonly string[], resolve?: LookupFunction): LookupFunction {
  return ssrfLookupFor(parseAllowList(allowList), resolve);
}

/** {@link createSsrfLookup} for an allow list already parsed. */
export function ssrfLookupFor(allowList: AllowList, resolve: LookupFunction = dns.lookup): LookupFunction {
  return function ssrfLookup(
    hostname: string,
    optionsOrCallback: LookupOptions | number | LookupCallback | undefined,
    maybeCallback?: LookupCallback,
  ): void {
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
    if (callback === undefined) throw new TypeError('lookup needs a callback');
    const options = lookupOptions(optionsOrCallback);
    const literal = parseHostAddress(hostname);
    if (literal !== null) {
      const error = checkAddress(hostname, literal, allowList);
      const text = hostname.replace(/^\[(.*)\]$/, '$1');
      const address = { address: isIP(text) === 0 ? formatAddress(literal) : text, family: literal.family };
      process.nextTick(() => (error ? fail(callback, error) : answer(callback, options, [address])));
      return;
    }
    resolve(hostname, { ...options, all: true }, (error, result, family) => {
      if (error) return fail(callback, error);
      const addresses =
        typeof result === 'string' ? [{ address: result, family: family ?? isIP(result) }] : result;
      if (addresses.length === 0) return fail(callback, notFound(hostname));
      for (const { address } of addresses) {
        const ip = parseHostAddress(address);
        const blocked = ip
          ? checkAddress(hostname, ip, allowList)
          : new SsrfBlockedError({
              host: hostname,
              address,
              reason: 'lookup returned something that is not an IP',
            });
        if (blocked) return fail(callback, blocked);
      }
      answer(callback, options, addresses);
    });
  };
}

function lookupOptions(options: LookupOptions | number | LookupCallback | undefined): LookupOptions {
  if (typeof options === 'number') return { family: options };
  if (typeof options === 'object' && options !== null) return options;
  return {};
}

function answer(callback: LookupCallback, options: LookupOptions, addresses: readonly LookupAddress[]): void {
  if (options.all) {
    callback(
      null,
      addresses.map(({ address, family }) => ({ address, family })),
    );
    return;
  }
  const [first] = addresses as [LookupAddress];
  callback(null, first.address, first.family);
}

/** `dns.lookup` calls back with the error alone. */
function fail(callback: LookupCallback, error: NodeJS.ErrnoException): void {
  (callback as (error: NodeJS.ErrnoException) => void)(error);
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    hostname,
  });
}
