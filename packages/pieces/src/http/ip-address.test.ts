import fc from 'fast-check';
import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { formatAddress, parseHostAddress } from './ip-address';

/** The canonical text of what a host parses to, or null. */
function parsed(host: string): string | null {
  const address = parseHostAddress(host);
  return address === null ? null : formatAddress(address);
}

describe('parseHostAddress', () => {
  it.each([
    ['dotted decimal', '127.0.0.1', '127.0.0.1'],
    ['a single 32-bit number', '2130706433', '127.0.0.1'],
    ['octal parts', '0177.0.0.1', '127.0.0.1'],
    ['octal number', '017700000001', '127.0.0.1'],
    ['hex parts', '0x7f.1', '127.0.0.1'],
    ['hex number', '0x7f000001', '127.0.0.1'],
    ['upper-case hex prefix', '0X7F.0X0.0X0.0X1', '127.0.0.1'],
    ['shortened to two parts', '127.1', '127.0.0.1'],
    ['shortened to three parts', '10.1.65535', '10.1.255.255'],
    ['mixed radixes', '0xa9.0376.43518', '169.254.169.254'],
    ['a bare 0x', '0x.0x.0x.0x', '0.0.0.0'],
    ['zero', '0', '0.0.0.0'],
    ['a trailing dot', '127.0.0.1.', '127.0.0.1'],
    ['the largest number', '4294967295', '255.255.255.255'],
    ['loopback IPv6', '::1', '::1'],
    ['bracketed IPv6', '[::1]', '::1'],
    ['unspecified IPv6', '::', '::'],
    ['full IPv6', '2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['upper-case IPv6', 'FE80::ABCD', 'fe80::abcd'],
    ['a zone id', 'fe80::1%eth0', 'fe80::1'],
    ['a bracketed zone id', '[fe80::1%25eth0]', 'fe80::1'],
    ['IPv4-mapped, dotted', '::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['IPv4-mapped, hex', '[::ffff:7f00:1]', '::ffff:7f00:1'],
    ['IPv4-mapped, long form', '0:0:0:0:0:ffff:169.254.169.254', '::ffff:a9fe:a9fe'],
    ['IPv4-compatible', '::127.0.0.1', '::7f00:1'],
    ['NAT64', '64:ff9b::10.0.0.1', '64:ff9b::a00:1'],
    [':: at the end', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['eight groups', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
  ])('parses %s: %s -> %s', (_, host, expected) => {
    expect(parsed(host)).toBe(expected);
  });

  it.each([
    ['a DNS name', 'example.com'],
    ['localhost', 'localhost'],
    ['a name ending in a number part', 'foo.0x1'],
    ['the empty string', ''],
    ['five parts', '1.2.3.4.5'],
    ['an empty part', '1..2.3'],
    ['a part over 255', '256.0.0.1'],
    ['a last part too large for its width', '1.2.65536'],
    ['a number over 32 bits', '4294967296'],
    ['bad octal digits', '08.0.0.1'],
    ['bad hex digits', '0xg.0.0.1'],
    ['two ::', '1::2::3'],
    ['nine groups', '1:2:3:4:5:6:7:8:9'],
    ['seven groups without ::', '1:2:3:4:5:6:7'],
    ['a five-digit group', '::12345'],
    ['a dotted IPv4 before the end', '::1.2.3.4:1'],
    ['a shortened IPv4 inside IPv6', '::ffff:127.1'],
    ['leading zeros in an IPv4 inside IPv6', '::ffff:127.0.0.01'],
    ['a host with a port', '127.0.0.1:80'],
    ['a bracketed name', '[example.com]'],
  ])('returns null for %s (%s)', (_, host) => {
    expect(parseHostAddress(host)).toBeNull();
  });

  it('returns the family and the bytes in network order', () => {
    expect(parseHostAddress('0x7f.1')).toEqual({ family: 4, bytes: Uint8Array.of(127, 0, 0, 1) });
    expect(parseHostAddress('::ffff:1.2.3.4')?.bytes).toEqual(
      Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4),
    );
  });
});

describe('formatAddress', () => {
  it.each([
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['1:0:0:0:0:0:0:0', '1::'],
  ])('writes %s as %s (RFC 5952)', (input, expected) => {
    expect(parsed(input)).toBe(expected);
  });
});

describe('parseHostAddress agrees with Node and WHATWG URL', () => {
  it('parses every address net.isIP accepts, to the same family', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (host) => {
        expect(parseHostAddress(host)?.family).toBe(isIP(host));
      }),
    );
  });

  it('reads every inet_aton spelling of IPv4 as the URL parser does', () => {
    fc.assert(
      fc.property(fc.ipV4Extended(), (host) => {
        expect(parsed(host)).toBe(new URL(`http://${host}/`).hostname);
      }),
    );
  });

  it('writes IPv6 as the URL parser does', () => {
    fc.assert(
      fc.property(fc.ipV6(), (host) => {
        expect(`[${parsed(host)}]`).toBe(new URL(`http://[${host}]/`).hostname);
      }),
    );
  });
});
