import { cidr, type Cidr } from './cidr';

/** A range outbound requests may not reach, and why (the reason ends up in error messages). */
export interface BlockedRange {
  range: Cidr;
  reason: string;
}

function blocked(text: string, reason: string): BlockedRange {
  return { range: cidr(text), reason };
}

/**
 * IPv4 ranges that are not the public Internet (IANA special-purpose registry, RFC 6890), most
 * specific first: the first match gives the reason.
 */
export const BLOCKED_IPV4_RANGES: readonly BlockedRange[] = [
  blocked('169.254.169.254/32', 'cloud metadata address'),
  blocked('100.100.100.200/32', 'cloud metadata address'), // Alibaba Cloud
  blocked('168.63.129.16/32', 'cloud metadata address'), // Azure WireServer (a public-looking address)
  blocked('0.0.0.0/8', 'unspecified address'),
  blocked('10.0.0.0/8', 'private address'),
  blocked('100.64.0.0/10', 'carrier-grade NAT address'),
  blocked('127.0.0.0/8', 'loopback address'),
  blocked('169.254.0.0/16', 'link-local address'),
  blocked('172.16.0.0/12', 'private address'),
  blocked('192.0.0.0/24', 'reserved address'), // IETF protocol assignments (and Oracle's 192.0.0.192)
  blocked('192.0.2.0/24', 'documentation address'),
  blocked('192.88.99.0/24', 'reserved address'), // deprecated 6to4 relay anycast
  blocked('192.168.0.0/16', 'private address'),
  blocked('198.18.0.0/15', 'benchmarking address'),
  blocked('198.51.100.0/24', 'documentation address'),
  blocked('203.0.113.0/24', 'documentation address'),
  blocked('224.0.0.0/4', 'multicast address'),
  blocked('255.255.255.255/32', 'broadcast address'),
  blocked('240.0.0.0/4', 'reserved address'),
];

/**
 * IPv6 ranges that are not the public Internet, most specific first. Addresses carrying an IPv4
 * address (`::ffff:0:0/96`, NAT64, 6to4) are judged by it before this table, and anything left
 * outside global unicast `2000::/3` is refused as reserved after it.
 */
export const BLOCKED_IPV6_RANGES: readonly BlockedRange[] = [
  blocked('::/128', 'unspecified address'),
  blocked('::1/128', 'loopback address'),
  blocked('fd00:ec2::254/128', 'cloud metadata address'), // AWS IMDS over IPv6
  blocked('fc00::/7', 'private address'),
  blocked('fe80::/10', 'link-local address'),
  blocked('fec0::/10', 'site-local address'),
  blocked('ff00::/8', 'multicast address'),
  blocked('64:ff9b:1::/48', 'private address'), // local-use NAT64
  blocked('100::/64', 'reserved address'), // discard-only
  blocked('2001:2::/48', 'benchmarking address'),
  blocked('2001:db8::/32', 'documentation address'),
  blocked('2001::/32', 'reserved address'), // Teredo
  blocked('2001:10::/28', 'reserved address'), // ORCHID
  blocked('2001:20::/28', 'reserved address'), // ORCHIDv2
  blocked('3fff::/20', 'documentation address'),
];

/** IPv6 global unicast: what is outside it (and not matched above) is reserved. */
export const GLOBAL_UNICAST_IPV6 = cidr('2000::/3');
