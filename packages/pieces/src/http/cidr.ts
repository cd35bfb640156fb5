import { isIP } from 'node:net';
import { formatAddress, parseHostAddress, type IpAddress } from './ip-address';

/** A range of addresses: the first `prefix` bits of `address` (host bits are zero). */
export interface Cidr {
  address: IpAddress;
  prefix: number;
}

/**
 * Parses `10.0.0.0/8`, `fc00::/7` or a single address (`127.0.0.1` means `/32`, `::1` `/128`),
 * or returns `null`. Addresses must be written plainly (dotted decimal, standard IPv6): allow
 * lists and range tables are read by people, so `0x7f.1` is refused here. Host bits are cleared.
 */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  if (isIP(addressText) === 0) return null;
  const address = parseHostAddress(addressText);
  if (address === null) return null;
  const bits = address.bytes.length * 8;
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === null ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address: { family: address.family, bytes: maskBytes(address.bytes, prefix) }, prefix };
}

/** Parses a CIDR known to be valid (range tables in the source); throws otherwise. */
export function cidr(text: string): Cidr {
  const parsed = parseCidr(text);
  if (parsed === null) throw new Error(`Invalid CIDR in source: ${text}`);
  return parsed;
}

/** Whether `address` lies in `range` (always false across families). */
export function cidrContains(range: Cidr, address: IpAddress): boolean {
  if (range.address.family !== address.family) return false;
  const masked = maskBytes(address.bytes, range.prefix);
  return masked.every((byte, i) => byte === range.address.bytes[i]);
}

/** `10.0.0.0/8` style text of a range. */
export function formatCidr(range: Cidr): string {
  return `${formatAddress(range.address)}/${range.prefix}`;
}

function maskBytes(bytes: Uint8Array, prefix: number): Uint8Array {
  return bytes.map((byte, i) => {
    const bitsInByte = Math.min(8, Math.max(0, prefix - i * 8));
    return byte & ((0xff << (8 - bitsInByte)) & 0xff);
  });
}
