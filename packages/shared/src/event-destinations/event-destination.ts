import { z } from 'zod';
import { BaseModelFields, Timestamp } from '../common/base-model';
import { PageQuery } from '../common/page';
import { AuditEventAction } from '../events/audit-event-action';

/** Whether `text` is an absolute `http:` or `https:` URL with a host. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Where an event destination's events are POSTed: an absolute `http:` or `https:` URL (at most
 * 2048 characters). Whether its address may be reached is decided when sending, by the outbound
 * address filter (AP_SSRF_ALLOW_LIST), since a name may resolve elsewhere later.
 */
export const EventDestinationUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(isHttpUrl, 'must be an absolute http or https URL');
export type EventDestinationUrl = z.infer<typeof EventDestinationUrl>;

/** The kinds of event a destination receives; an empty list means every kind. */
export const EventDestinationEvents = z.array(AuditEventAction).max(AuditEventAction.options.length);
export type EventDestinationEvents = z.infer<typeof EventDestinationEvents>;

/**
 * A platform's event destination: an HTTP endpoint every audit event of the platform whose
 * `action` is in `events` (all of them when `events` is empty) is POSTed to, signed with the
 * destination's secret (shown once, at creation). A disabled destination receives nothing.
 */
export const EventDestination = z.object({
  ...BaseModelFields,
  platformId: z.string(),
  url: z.string(),
  events: z.array(AuditEventAction),
  displayName: z.string().nullable(),
  enabled: z.boolean(),
});
export type EventDestination = z.infer<typeof EventDestination>;

/** Body of `POST /v1/event-destinations`: `events` empty or omitted receives every kind. */
export const CreateEventDestinationRequest = z.object({
  url: EventDestinationUrl,
  events: EventDestinationEvents.default([]),
  displayName: z.string().trim().min(1).max(200).optional(),
  /** Default true. */
  enabled: z.boolean().optional(),
});
export type CreateEventDestinationRequest = z.infer<typeof CreateEventDestinationRequest>;

/**
 * Answer of `POST /v1/event-destinations`: the destination with its `signingSecret`, the HMAC key
 * its deliveries are signed with. It is shown this once (stored encrypted).
 */
export const CreatedEventDestination = EventDestination.extend({ signingSecret: z.string() });
export type CreatedEventDestination = z.infer<typeof CreatedEventDestination>;

/** Body of `PATCH /v1/event-destinations/:id`: the fields to change (at least one). */
export const UpdateEventDestinationRequest = z
  .object({
    url: EventDestinationUrl.optional(),
    events: EventDestinationEvents.optional(),
    displayName: z.string().trim().min(1).max(200).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
export type UpdateEventDestinationRequest = z.infer<typeof UpdateEventDestinationRequest>;

/**
 * Answer of `POST /v1/event-destinations/:id/test`: what the destination answered a test event
 * (`delivered` for a 2xx), or the network error that kept it from answering. An address the
 * outbound filter blocks is not an answer but a 400 `SSRF_BLOCKED` error.
 */
export const EventDestinationTestResult = z.object({
  delivered: z.boolean(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
});
export type EventDestinationTestResult = z.infer<typeof EventDestinationTestResult>;

/**
 * Where one attempt to deliver an event stands: `PENDING` (not sent yet; `nextAttemptAt` says
 * when), `DELIVERED` (the destination answered 2xx), `RETRYING` (it failed; the next attempt is
 * queued for `nextAttemptAt`) or `FAILED` (it failed and no attempt follows).
 */
export const EventDeliveryStatus = z.enum(['PENDING', 'DELIVERED', 'RETRYING', 'FAILED']);
export type EventDeliveryStatus = z.infer<typeof EventDeliveryStatus>;

/**
 * One attempt to deliver one event to a destination, as the delivery log shows it: the event,
 * the attempt number (from 1), the destination's status code or the error, how long it took, and
 * the attempt's status.
 */
export const EventDeliveryAttempt = z.object({
  ...BaseModelFields,
  destinationId: z.string(),
  eventId: z.string(),
  action: AuditEventAction,
  attempt: z.number().int().min(1),
  status: EventDeliveryStatus,
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: Timestamp.nullable(),
});
export type EventDeliveryAttempt = z.infer<typeof EventDeliveryAttempt>;

/** Query of `GET /v1/event-destinations/:id/deliveries`: paging (newest first), optionally one status. */
export const ListEventDeliveriesQuery = PageQuery.extend({
  status: EventDeliveryStatus.optional(),
});
export type ListEventDeliveriesQuery = z.infer<typeof ListEventDeliveriesQuery>;
