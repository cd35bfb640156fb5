import { classifyAddress, type AllowList } from './address-policy';
import { formatAddress, type IpAddress } from './ip-address';

/** The facts of a refused outbound connection. */
export interface SsrfBlockedDetails {
  /** The host as requested: a name, or an IP in any spelling. */
  host: string;
  /** The address it is (or resolved to), canonical text. */
  address: string;
  /** Why the address is refused, e.g. `cloud metadata address`. */
  reason: string;
}

/**
 * An outbound connection refused by the SSRF filter, before any packet was sent. Check it by
 * `code`: it also arrives as the `cause` of the TypeError `fetch` rejects with.
 *
 * @example
 * `Request to 169.254.169.254 blocked: cloud metadata address (AP_SSRF_ALLOW_LIST can allow it)`
 * `Request to evil.example (10.0.0.1) blocked: private address (AP_SSRF_ALLOW_LIST can allow it)`
 */
export class SsrfBlockedError extends Error {
  readonly code = 'SSRF_BLOCKED';
  readonly host: string;
  readonly address: string;
  readonly reason: string;

  constructor(details: SsrfBlockedDetails) {
    const target = details.host === details.address ? details.host : `${details.host} (${details.address})`;
    super(`Request to ${target} blocked: ${details.reason} (AP_SSRF_ALLOW_LIST can allow it)`);
    this.name = 'SsrfBlockedError';
    this.host = details.host;
    this.address = details.address;
    this.reason = details.reason;
  }
}

/** The error for connecting to `address` (requested as `host`), or `null` when it is allowed. */
export function checkAddress(
  host: string,
  address: IpAddress,
  allowList: AllowList,
): SsrfBlockedError | null {
  const verdict = classifyAddress(address);
  if (!verdict.blocked || allowList.allows(address)) return null;
  return new SsrfBlockedError({ host, address: formatAddress(address), reason: verdict.reason });
}
