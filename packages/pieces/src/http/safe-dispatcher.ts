import type { LookupFunction } from 'node:net';
import { buildConnector, type Dispatcher } from 'undici';
import { parseAllowList } from './address-policy';
import { checkIpLiteral } from './check-ip-literal';
import { createClosingAgent } from './closing-agent';
import { ssrfLookupFor } from './ssrf-lookup';

/** Options of {@link createSafeDispatcher}. */
export interface SafeDispatcherOptions {
  /** AP_SSRF_ALLOW_LIST entries (IPs, CIDRs) the filter lets through. Invalid entries throw. */
  allowList: readonly string[];
  /** The resolver behind the filter. Default: `dns.lookup`. Tests inject one to avoid DNS. */
  resolve?: LookupFunction;
}

/**
 * An undici `Agent` whose every connection passes the SSRF filter: a host that is an IP literal
 * is checked before connecting, and names are resolved through {@link createSsrfLookup}, whose
 * checked address is the one connected to. A refused connection fails with an
 * {@link SsrfBlockedError} (as the `cause` of fetch's TypeError) before any packet is sent.
 * A connection no request takes is closed at once (see `createClosingAgent`), so aborting
 * a request leaves no connection behind.
 *
 * @example await fetch(url, { dispatcher: createSafeDispatcher({ allowList: [] }) })
 */
export function createSafeDispatcher(options: SafeDispatcherOptions): Dispatcher {
  const allowList = parseAllowList(options.allowList);
  const connector = buildConnector({ lookup: ssrfLookupFor(allowList, options.resolve) });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const blocked = checkIpLiteral(connectOptions.hostname, allowList);
    if (blocked !== null) {
      callback(blocked, null);
      return;
    }
    connector(connectOptions, callback);
  };
  return createClosingAgent({ connect });
}
