/** `2024-03-14`, `2024-03-14T12:00`, `2024-03-14 12:00:00.123`, with an optional zone (`Z`, `+02`, `+0200`, `+02:00`). */
const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A DATE_TIME value as an ISO string in UTC, or undefined when it is missing or no date: like
 * Activepieces' `dayjs.tz(value, 'UTC').toISOString()`, a date and time without a
 * zone is read as UTC. Dates, epoch milliseconds and other strings `Date` parses are accepted.
 */
export function toUtcIso(value: unknown): string | undefined {
  if (value instanceof Date) return isoOf(value);
  if (typeof value === 'number') return isoOf(new Date(value));
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  const match = ISO_LIKE.exec(text);
  if (!match) return isoOf(new Date(text));
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] = match;
  return isoOf(
    new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${zoneOf(zone)}`),
  );
}

function zoneOf(zone: string | undefined): string {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

function isoOf(date: Date): string | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
