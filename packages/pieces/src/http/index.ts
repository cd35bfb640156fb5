/**
 * The one outbound HTTP client of pieces and its SSRF filter: requests to loopback, private,
 * link-local (cloud metadata), unspecified, carrier-grade NAT, multicast and reserved addresses
 * are refused before connecting, unless AP_SSRF_ALLOW_LIST allows them. Every resolved address
 * and every redirect hop is checked, and the checked address is the one connected to.
 * In-process code uses {@link safeFetch}; the processes running npm pieces call
 * {@link installSsrfGuard} first, which filters `fetch`, `http`/`https`, `net` and `tls`.
 *
 * @example
 * ```ts
 * import { installSsrfGuard, safeFetch } from './http';
 * const response = await safeFetch('https://api.example.com/items', { method: 'GET' }, { allowList: [] });
 * // in a piece process, before loading the piece:
 * installSsrfGuard({ allowList: ['10.0.0.0/8'] });
 * ```
 * @module
 */
export { classifyAddress, parseAllowList } from './address-policy';
export type { AddressClassification, AllowList } from './address-policy';
export { formatAddress, parseHostAddress } from './ip-address';
export type { IpAddress } from './ip-address';
export { createSsrfLookup, SsrfBlockedError } from './ssrf-lookup';
export type { LookupFunction, SsrfBlockedDetails } from './ssrf-lookup';
export { createSafeDispatcher } from './safe-dispatcher';
export type { SafeDispatcherOptions } from './safe-dispatcher';
export { safeFetch } from './safe-fetch';
export type { SafeFetchInit, SafeFetchOptions } from './safe-fetch';
export { installSsrfGuard } from './install-ssrf-guard';
export type { SsrfGuardOptions } from './install-ssrf-guard';
