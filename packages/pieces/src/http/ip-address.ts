/**
 * An IP address as its bytes in network order: 4 bytes for IPv4, 16 for IPv6. Comparing bytes
 * (never strings) is what makes the SSRF filter immune to the many spellings of one address.
 */
export interface IpAddress {
  family: 4 | 6;
  bytes: Uint8Array;
}

/**
 * Parses a host as an IP address, or returns `null` for a DNS name.
 *
 * IPv4 is parsed like WHATWG URL and `inet_aton`: dotted decimal, one 32-bit number
 * (`2130706433`), octal (`0177.0.0.1`), hex (`0x7f.1`, `0x7f000001`) and shortened forms
 * (`127.1`), with an optional trailing dot. IPv6 may be bracketed and carry a zone id
 * (`fe80::1%eth0`); `::` and a trailing dotted IPv4 (`::ffff:127.0.0.1`) are accepted.
 *
 * @example parseHostAddress('0x7f.1') // {family: 4, bytes: Uint8Array [127, 0, 0, 1]}
 */
export function parseHostAddress(host: string): IpAddress | null {
  const text = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return text.includes(':') ? parseIpv6(text) : parseIpv4(text);
}

/**
 * The canonical text of an address: dotted decimal, or RFC 5952 IPv6 (lower case, the longest
 * run of zero groups as `::`), e.g. `::ffff:7f00:1`.
 */
export function formatAddress(address: IpAddress): string {
  if (address.family === 4) return Array.from(address.bytes).join('.');
  const groups = Array.from(
    { length: 8 },
    (_, i) => (address.bytes[2 * i]! << 8) | address.bytes[2 * i + 1]!,
  );
  const zeros = longestZeroRun(groups);
  const hex = (list: number[]) => list.map((group) => group.toString(16)).join(':');
  if (zeros.length < 2) return hex(groups);
  return `${hex(groups.slice(0, zeros.start))}::${hex(groups.slice(zeros.start + zeros.length))}`;
}

function longestZeroRun(groups: number[]): { start: number; length: number } {
  let best = { start: 0, length: 0 };
  let start = -1;
  groups.forEach((group, i) => {
    if (group !== 0) {
      start = -1;
      return;
    }
    if (start === -1) start = i;
    if (i - start + 1 > best.length) best = { start, length: i - start + 1 };
  });
  return best;
}

function parseIpv4(text: string): IpAddress | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((value) => value > 255) || last >= 256 ** (4 - numbers.length)) return null;
  const value = numbers.reduce((sum, part, i) => sum + part * 256 ** (3 - i), last);
  return {
    family: 4,
    bytes: Uint8Array.of(value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255),
  };
}

const DIGITS: Record<number, RegExp> = { 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-f]+$/i };

function parseIpv4Number(part: string): number | null {
  if (part === '') return null;
  let radix = 10;
  let digits = part;
  if (/^0x/i.test(part)) {
    radix = 16;
    digits = part.slice(2);
  } else if (part.length > 1 && part.startsWith('0')) {
    radix = 8;
    digits = part.slice(1);
  }
  if (digits === '') return 0;
  return DIGITS[radix]!.test(digits) ? parseInt(digits, radix) : null;
}

function parseIpv6(input: string): IpAddress | null {
  const zone = input.indexOf('%');
  const text = zone === -1 ? input : input.slice(0, zone);
  const gap = text.indexOf('::');
  if (gap !== -1 && text.indexOf('::', gap + 1) !== -1) return null;
  const head = parseGroups(gap === -1 ? text : text.slice(0, gap), gap === -1);
  const tail = gap === -1 ? [] : parseGroups(text.slice(gap + 2), true);
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (gap === -1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...new Array<number>(gap === -1 ? 0 : missing).fill(0), ...tail];
  return { family: 6, bytes: Uint8Array.from(groups.flatMap((group) => [group >> 8, group & 255])) };
}

/** Strict dotted decimal (no leading zeros), as inside an IPv6 address. */
const DOTTED_QUAD = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** `a:b:c` as 16-bit groups; the last one may be a dotted IPv4 (two groups). */
function parseGroups(text: string, lastMayBeIpv4: boolean): number[] | null {
  if (text === '') return [];
  const parts = text.split(':');
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (/^[0-9a-f]{1,4}$/i.test(part)) {
      groups.push(parseInt(part, 16));
    } else if (lastMayBeIpv4 && i === parts.length - 1 && DOTTED_QUAD.test(part)) {
      const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
      groups.push((a << 8) | b, (c << 8) | d);
    } else {
      return null;
    }
  }
  return groups;
}
