import { BLOCKED_IPV4_RANGES, BLOCKED_IPV6_RANGES, GLOBAL_UNICAST_IPV6 } from './blocked-ranges';
import { cidrContains, parseCidr, type Cidr } from './cidr';
import { embeddedIpv4 } from './embedded-ipv4';
import { formatAddress, parseHostAddress, type IpAddress } from './ip-address';

/** Whether outbound requests may reach an address; `reason` reads like "loopback address". */
export type AddressClassification = { blocked: false } | { blocked: true; reason: string };

/**
 * Classifies an address (bytes, or text in any spelling {@link parseHostAddress} accepts) for
 * the SSRF filter: loopback, private, link-local (with the cloud metadata address), unspecified,
 * carrier-grade NAT, benchmarking, documentation, multicast and reserved ranges are blocked; an
 * IPv6 address carrying an IPv4 one (`::ffff:127.0.0.1`, NAT64, 6to4) is judged by it.
 * Throws a TypeError for text that is not an IP address.
 *
 * @example classifyAddress('169.254.169.254') // {blocked: true, reason: 'cloud metadata address'}
 */
export function classifyAddress(address: IpAddress | string): AddressClassification {
  const ip = toAddress(address);
  if (ip === null) throw new TypeError(`Not an IP address: ${String(address)}`);
  if (ip.family === 4) return matchRanges(ip, BLOCKED_IPV4_RANGES);
  const embedded = embeddedIpv4(ip);
  if (embedded !== null) {
    const inner = matchRanges(embedded.ipv4, BLOCKED_IPV4_RANGES);
    if (!inner.blocked) return inner;
    return { blocked: true, reason: `${inner.reason} (${embedded.kind} ${formatAddress(embedded.ipv4)})` };
  }
  const listed = matchRanges(ip, BLOCKED_IPV6_RANGES);
  if (listed.blocked || cidrContains(GLOBAL_UNICAST_IPV6, ip)) return listed;
  return { blocked: true, reason: 'reserved address' };
}

function matchRanges(
  ip: IpAddress,
  ranges: readonly { range: Cidr; reason: string }[],
): AddressClassification {
  const match = ranges.find(({ range }) => cidrContains(range, ip));
  return match === undefined ? { blocked: false } : { blocked: true, reason: match.reason };
}

/** The parsed AP_SSRF_ALLOW_LIST: addresses the SSRF filter lets through although blocked. */
export interface AllowList {
  /** The entries as given (trimmed, empty ones dropped). */
  readonly entries: readonly string[];
  /**
   * Whether an address is in one of the ranges. An IPv6 address carrying an IPv4 one
   * (`::ffff:127.0.0.1`) is also allowed by the IPv4 entries. Text that is not an IP: false.
   */
  allows(address: IpAddress | string): boolean;
}

/**
 * Parses allow-list entries: IP addresses and CIDRs, IPv4 or IPv6 (`127.0.0.1`, `10.0.0.0/8`,
 * `fd00::/8`), written plainly. Blank entries are ignored; any other invalid entry throws an
 * Error naming it.
 *
 * @example parseAllowList(['10.0.0.0/8']).allows('10.1.2.3') // true
 */
export function parseAllowList(entries: readonly string[]): AllowList {
  const trimmed = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
  const ranges = trimmed.map((entry) => {
    const range = parseCidr(entry);
    if (range === null) {
      throw new Error(
        `Invalid AP_SSRF_ALLOW_LIST entry "${entry}": expected an IP address or CIDR such as 10.0.0.0/8 or fd00::/8`,
      );
    }
    return unmapIpv4(range);
  });
  const inRanges = (ip: IpAddress) => ranges.some((range) => cidrContains(range, ip));
  return {
    entries: trimmed,
    allows(address) {
      const ip = toAddress(address);
      if (ip === null) return false;
      const embedded = embeddedIpv4(ip);
      return inRanges(ip) || (embedded !== null && inRanges(embedded.ipv4));
    },
  };
}

/** `::ffff:10.0.0.0/104` is the IPv4 range `10.0.0.0/8`. */
function unmapIpv4(range: Cidr): Cidr {
  const embedded = embeddedIpv4(range.address);
  if (embedded?.kind !== 'IPv4-mapped' || range.prefix < 96) return range;
  return { address: embedded.ipv4, prefix: range.prefix - 96 };
}

function toAddress(address: IpAddress | string): IpAddress | null {
  return typeof address === 'string' ? parseHostAddress(address) : address;
}
