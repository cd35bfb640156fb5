import type { IpAddress } from './ip-address';

/** How an IPv6 address carries an IPv4 one. */
export type EmbeddingKind = 'IPv4-mapped' | 'IPv4-compatible' | 'IPv4-translated' | 'NAT64' | '6to4';

/** An IPv4 address found inside an IPv6 one, and how it is carried. */
export interface EmbeddedIpv4 {
  kind: EmbeddingKind;
  ipv4: IpAddress;
}

/**
 * The IPv4 address inside an IPv6 one: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
 * `::a.b.c.d` (not `::` or `::1`), IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`
 * and 6to4 `2002:AABB:CCDD::`; `null` for IPv4 and for other IPv6 addresses. Traffic to
 * these reaches (or is meant to reach) the IPv4 host, so they are judged by it.
 */
export function embeddedIpv4(address: IpAddress): EmbeddedIpv4 | null {
  if (address.family === 4) return null;
  const b = address.bytes;
  const zerosUpTo = (end: number) => b.subarray(0, end).every((byte) => byte === 0);
  const last32 = (): IpAddress => ({ family: 4, bytes: b.slice(12, 16) });
  if (zerosUpTo(10) && b[10] === 0xff && b[11] === 0xff) return { kind: 'IPv4-mapped', ipv4: last32() };
  if (zerosUpTo(12)) {
    const isUnspecifiedOrLoopback = b.subarray(12, 15).every((byte) => byte === 0) && b[15]! <= 1;
    return isUnspecifiedOrLoopback ? null : { kind: 'IPv4-compatible', ipv4: last32() };
  }
  if (zerosUpTo(8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) {
    return { kind: 'IPv4-translated', ipv4: last32() };
  }
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]))
    return { kind: 'NAT64', ipv4: last32() };
  if (startsWith(b, [0x20, 0x02])) return { kind: '6to4', ipv4: { family: 4, bytes: b.slice(2, 6) } };
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}
