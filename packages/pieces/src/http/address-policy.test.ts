import { describe, expect, it } from 'vitest';
import { classifyAddress, parseAllowList } from './address-policy';

/** The reason an address is blocked, or 'allowed'. */
function verdict(address: string): string {
  const result = classifyAddress(address);
  return result.blocked ? result.reason : 'allowed';
}

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback address'],
    ['127.255.255.254', 'loopback address'],
    ['10.0.0.1', 'private address'],
    ['10.255.255.255', 'private address'],
    ['172.16.0.1', 'private address'],
    ['172.31.255.255', 'private address'],
    ['192.168.1.1', 'private address'],
    ['169.254.169.254', 'cloud metadata address'],
    ['169.254.0.1', 'link-local address'],
    ['100.100.100.200', 'cloud metadata address'],
    ['168.63.129.16', 'cloud metadata address'],
    ['0.0.0.0', 'unspecified address'],
    ['0.1.2.3', 'unspecified address'],
    ['100.64.0.1', 'carrier-grade NAT address'],
    ['100.127.255.255', 'carrier-grade NAT address'],
    ['198.18.0.1', 'benchmarking address'],
    ['198.19.255.255', 'benchmarking address'],
    ['192.0.0.192', 'reserved address'],
    ['192.0.2.1', 'documentation address'],
    ['198.51.100.1', 'documentation address'],
    ['203.0.113.1', 'documentation address'],
    ['224.0.0.1', 'multicast address'],
    ['239.255.255.250', 'multicast address'],
    ['240.0.0.1', 'reserved address'],
    ['255.255.255.255', 'broadcast address'],
    ['8.8.8.8', 'allowed'],
    ['1.1.1.1', 'allowed'],
    ['172.15.255.255', 'allowed'],
    ['172.32.0.0', 'allowed'],
    ['100.63.255.255', 'allowed'],
    ['100.128.0.0', 'allowed'],
    ['169.253.255.255', 'allowed'],
    ['198.17.255.255', 'allowed'],
    ['223.255.255.255', 'allowed'],
  ])('IPv4 %s: %s', (address, expected) => {
    expect(verdict(address)).toBe(expected);
  });

  it.each([
    ['::1', 'loopback address'],
    ['::', 'unspecified address'],
    ['fc00::1', 'private address'],
    ['fd12:3456::1', 'private address'],
    ['fd00:ec2::254', 'cloud metadata address'],
    ['fe80::1', 'link-local address'],
    ['febf:ffff::1', 'link-local address'],
    ['fec0::1', 'site-local address'],
    ['ff02::1', 'multicast address'],
    ['2001:db8::1', 'documentation address'],
    ['3fff::1', 'documentation address'],
    ['2001:2::1', 'benchmarking address'],
    ['2001::1', 'reserved address'],
    ['100::1', 'reserved address'],
    ['64:ff9b:1::1', 'private address'],
    ['4000::1', 'reserved address'],
    ['::ffff:127.0.0.1', 'loopback address (IPv4-mapped 127.0.0.1)'],
    ['::ffff:7f00:1', 'loopback address (IPv4-mapped 127.0.0.1)'],
    ['::ffff:a9fe:a9fe', 'cloud metadata address (IPv4-mapped 169.254.169.254)'],
    ['::ffff:10.1.2.3', 'private address (IPv4-mapped 10.1.2.3)'],
    ['::127.0.0.1', 'loopback address (IPv4-compatible 127.0.0.1)'],
    ['::ffff:0:192.168.0.1', 'private address (IPv4-translated 192.168.0.1)'],
    ['64:ff9b::10.0.0.1', 'private address (NAT64 10.0.0.1)'],
    ['2002:a9fe:a9fe::', 'cloud metadata address (6to4 169.254.169.254)'],
    ['::ffff:8.8.8.8', 'allowed'],
    ['64:ff9b::8.8.8.8', 'allowed'],
    ['2002:808:808::1', 'allowed'],
    ['2606:4700:4700::1111', 'allowed'],
    ['2a00:1450:4001::200e', 'allowed'],
  ])('IPv6 %s: %s', (address, expected) => {
    expect(verdict(address)).toBe(expected);
  });

  it.each([
    ['a single number', '2130706433'],
    ['octal', '0177.0.0.1'],
    ['hex parts', '0x7f.1'],
    ['a hex number', '0x7f000001'],
    ['a shortened form', '127.1'],
    ['brackets', '[::1]'],
    ['an IPv4-mapped IPv6', '[::ffff:127.0.0.1]'],
  ])('sees loopback in every spelling: %s (%s)', (_, address) => {
    expect(verdict(address)).toMatch(/^loopback address/);
  });

  it('takes parsed bytes as well as text', () => {
    expect(classifyAddress({ family: 4, bytes: Uint8Array.of(10, 0, 0, 1) })).toEqual({
      blocked: true,
      reason: 'private address',
    });
  });

  it('throws a TypeError for a name', () => {
    expect(() => classifyAddress('example.com')).toThrow(new TypeError('Not an IP address: example.com'));
  });
});

describe('parseAllowList', () => {
  it.each([
    ['a single IPv4', ['127.0.0.1'], '127.0.0.1', true],
    ['a single IPv4, another address', ['127.0.0.1'], '127.0.0.2', false],
    ['an IPv4 /32', ['127.0.0.1/32'], '127.0.0.1', true],
    ['an IPv4 CIDR', ['10.0.0.0/8'], '10.200.3.4', true],
    ['an IPv4 CIDR, outside', ['10.0.0.0/8'], '11.0.0.1', false],
    ['a CIDR with host bits set', ['192.168.1.77/24'], '192.168.1.3', true],
    ['an IPv4 entry, any spelling of the address', ['127.0.0.1/32'], '0x7f.1', true],
    ['an IPv4 entry, the IPv4-mapped address', ['127.0.0.1/32'], '::ffff:127.0.0.1', true],
    ['an IPv4-mapped entry, the IPv4 address', ['::ffff:10.0.0.0/104'], '10.9.9.9', true],
    ['a single IPv6', ['::1'], '::1', true],
    ['an IPv6 CIDR', ['fd00::/8'], 'fd12::1', true],
    ['an IPv6 CIDR, outside', ['fd00::/8'], 'fc00::1', false],
    ['/0 of one family only', ['0.0.0.0/0'], '::1', false],
    ['blank entries are ignored', [' ', '10.0.0.1 '], '10.0.0.1', true],
    ['a name is never allowed', ['10.0.0.0/8'], 'example.com', false],
    ['an empty list', [], '10.0.0.1', false],
  ])('%s: %j allows %s -> %s', (_, entries, address, expected) => {
    expect(parseAllowList(entries).allows(address)).toBe(expected);
  });

  it('keeps the entries, trimmed, without blanks', () => {
    expect(parseAllowList([' 10.0.0.0/8', '', '::1']).entries).toEqual(['10.0.0.0/8', '::1']);
  });

  it.each([
    ['localhost'],
    ['10.0.0.0/33'],
    ['::/129'],
    ['10.0.0.0/'],
    ['10.0.0.0/-1'],
    ['0x7f.1'],
    ['127.1'],
    ['1.2.3'],
  ])('throws an Error naming the invalid entry %s', (entry) => {
    expect(() => parseAllowList(['10.0.0.0/8', entry])).toThrow(
      `Invalid AP_SSRF_ALLOW_LIST entry "${entry}"`,
    );
  });
});
