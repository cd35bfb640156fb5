import { isIP } from 'node:net';
import type { AllowList } from './address-policy';
import { parseHostAddress } from './ip-address';
import { checkAddress, SsrfBlockedError } from './ssrf-blocked-error';

/**
 * The check for a host Node's `net` connects to WITHOUT calling any `lookup` (those for which
 * `net.isIP(host)` is non-zero, possibly bracketed): the error if it is refused, else `null`.
 * Other hosts go through the SSRF lookup, so they return `null` here.
 */
export function checkIpLiteral(host: string, allowList: AllowList): SsrfBlockedError | null {
  const text = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(text) === 0) return null;
  const address = parseHostAddress(text);
  if (address === null)
    return new SsrfBlockedError({ host, address: text, reason: 'unrecognised IP address' });
  return checkAddress(host, address, allowList);
}
