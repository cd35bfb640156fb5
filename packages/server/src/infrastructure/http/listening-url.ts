import type { AddressInfo } from 'node:net';

/**
 * The base URL at which a server bound to `address` is reached from this machine: a wildcard
 * address becomes the loopback address of its family (`0.0.0.0` -> `127.0.0.1`, `::` -> `[::1]`;
 * not `localhost`, which may resolve to the other family), an IPv6 address is bracketed, and the
 * port is the one the server really got (also when it asked for port 0). Use it for anything that
 * tells a person where the server listens.
 */
export function listeningUrl(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${String(address.port)}`;
}
