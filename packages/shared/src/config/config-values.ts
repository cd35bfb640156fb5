import { z } from 'zod';

/** A whole number from `min` (and up to `max`), with a message that says so. */
export function wholeNumber(min: number, max?: number) {
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
  const message = `must be a whole number ${range}`;
  const schema = z.number({ error: message }).int(message).min(min, message);
  return max === undefined ? schema : schema.max(max, message);
}

/**
 * An IP address or CIDR block, IPv4 or IPv6, checked syntactically: `10.0.0.1`,
 * `10.0.0.0/8`, `::1`, `fd00::/8`. Used by AP_SSRF_ALLOW_LIST.
 */
export const IpOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'must be an IPv4 or IPv6 address, optionally with a /prefix',
});
export type IpOrCidr = z.infer<typeof IpOrCidr>;

/**
 * An absolute URL with an authority (`scheme://host...`), e.g. `postgres://user:pass@host:5432/db`.
 * `localhost:3000` (which parses as scheme `localhost:`) is rejected.
 */
export const ConfigUrl = z
  .url({ error: 'must be an absolute URL' })
  .regex(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/\s]/, 'must be an absolute URL (scheme://host)');

/** A `host:port` pair, e.g. `sentinel-1:26379` (AP_REDIS_SENTINEL_HOSTS). */
export const HostAndPort = z
  .string()
  .regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port')
  .transform((text) => {
    const at = text.lastIndexOf(':');
    return { host: text.slice(0, at), port: Number(text.slice(at + 1)) };
  })
  .refine(({ port }) => port >= 1 && port <= 65535, 'must have a port from 1 to 65535');
export type HostAndPort = z.infer<typeof HostAndPort>;

const DURATION_UNITS_MS: Readonly<Record<string, number>> = {
  ms: 1,
  millisecond: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
};

/**
 * A duration as Activepieces writes it, read into milliseconds: a whole number of milliseconds
 * (`60000`) or a number and a unit (`1 minute`, `30 seconds`, `2h`, `500ms`; units ms, s/sec/second,
 * m/min/minute, h/hour, d/day, plural or not). Used by AP_API_RATE_LIMIT_AUTHN_WINDOW and AP_HUMAN_INPUT_RATE_LIMIT_WINDOW.
 */
export const DurationText = z.string().transform((text, ctx) => {
  const ms = durationMs(text);
  if (ms === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: "must be a duration such as '1 minute', '30 seconds' or a number of milliseconds",
    });
    return z.NEVER;
  }
  return ms;
});

function durationMs(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (match === null) return undefined;
  const unit = (match[2] ?? '').toLowerCase();
  const factor =
    unit === ''
      ? 1
      : (DURATION_UNITS_MS[unit] ?? (unit.endsWith('s') ? DURATION_UNITS_MS[unit.slice(0, -1)] : undefined));
  if (factor === undefined) return undefined;
  const ms = Math.round(Number(match[1]) * factor);
  return ms >= 1 ? ms : undefined;
}

/** How the text of an environment variable is turned into a value before validation. */
export type ConfigValueKind = 'string' | 'number' | 'boolean' | 'list';

/**
 * Converts the text of one variable by its kind, strictly: numbers are plain decimals
 * (`12`, `-3`, `2.5`; not `abc`, `1e3`, ` 5`), booleans exactly `true` or `false`, lists split on
 * commas with items trimmed and empty items dropped. Returns the reason on failure.
 */
export function convertConfigText(
  kind: ConfigValueKind,
  text: string,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  switch (kind) {
    case 'string':
      return { ok: true, value: text };
    case 'number':
      return /^-?\d+(?:\.\d+)?$/.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false, reason: 'must be a number' };
    case 'boolean':
      return text === 'true' || text === 'false'
        ? { ok: true, value: text === 'true' }
        : { ok: false, reason: "must be 'true' or 'false'" };
    case 'list':
      return {
        ok: true,
        value: text
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      };
  }
}
