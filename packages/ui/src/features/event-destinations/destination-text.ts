/** How the event-destination pages name a destination and sum up the events it receives. */
import type { AuditEventAction, EventDestination } from '@piecework/shared';

/** A destination's name, or its URL's host when it has none. */
export function destinationName(destination: EventDestination): string {
  if (destination.displayName !== null) return destination.displayName;
  try {
    return new URL(destination.url).host;
  } catch {
    return destination.url;
  }
}

/** "Every event", the one or two kinds named, or the first two and how many more. */
export function eventsSummary(events: readonly AuditEventAction[]): string {
  if (events.length === 0) return 'Every event';
  if (events.length <= 2) return events.join(', ');
  return `${events.slice(0, 2).join(', ')} and ${String(events.length - 2)} more`;
}
