import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';
import { AuditEventAction } from './audit-event-action';
import { FlowCreatedEventData, FlowEventData, FlowUpdatedEventData } from './flow-event-data';
import { FlowRunEventData, StuckRunsEndedEventData } from './flow-run-event-data';
import {
  ApiKeyEventData,
  ProjectReleaseEventData,
  ProjectRoleEventData,
  SigningKeyEventData,
} from './platform-event-data';
import { ConnectionEventData, FolderEventData } from './resource-event-data';
import { UserEventData, UserSignedUpEventData, UserSignInFailedEventData } from './user-event-data';

/**
 * The fields every audit event has, whatever its kind: who (`userId`, `userEmail`, `ip`) did
 * something where (`platformId`, `projectId`, `projectDisplayName`).
 */
export const AuditEventEnvelope = z.object({
  ...BaseModelFields,
  platformId: z.string(),
  projectId: z.string().optional(),
  projectDisplayName: z.string().optional(),
  userId: z.string().optional(),
  userEmail: z.string().optional(),
  ip: z.string().optional(),
});
export type AuditEventEnvelope = z.infer<typeof AuditEventEnvelope>;

function kind<const A extends readonly [AuditEventAction, ...AuditEventAction[]], D extends z.ZodType>(
  actions: A,
  data: D,
) {
  return AuditEventEnvelope.extend({ action: z.literal(actions), data });
}

/**
 * An audit event: the envelope plus `action` (the kind) and the `data` of that kind, as one
 * discriminated union on `action`. An unknown action, or data of the wrong shape, is rejected.
 * Narrow with `event.action === 'flow.updated'` or {@link AuditEventOf}.
 */
export const AuditEvent = z.discriminatedUnion('action', [
  kind(['flow.created'], FlowCreatedEventData),
  kind(['flow.updated'], FlowUpdatedEventData),
  kind(['flow.deleted', 'flow.published', 'flow.activated', 'flow.deactivated'], FlowEventData),
  kind(['connection.upserted', 'connection.deleted'], ConnectionEventData),
  kind(['folder.created', 'folder.updated', 'folder.deleted'], FolderEventData),
  kind(['flow.run.started', 'flow.run.finished', 'flow.run.retried'], FlowRunEventData),
  kind(['user.signed.up'], UserSignedUpEventData),
  kind(['user.signed.in', 'user.password.reset', 'user.email.verified'], UserEventData),
  kind(['signing.key.created'], SigningKeyEventData),
  kind(['project.role.created', 'project.role.updated', 'project.role.deleted'], ProjectRoleEventData),
  kind(['project.release.created'], ProjectReleaseEventData),
  kind(['api.key.created', 'api.key.deleted'], ApiKeyEventData),
  kind(['user.sign.in.failed'], UserSignInFailedEventData),
  kind(['stuck.runs.ended'], StuckRunsEndedEventData),
]);
export type AuditEvent = z.infer<typeof AuditEvent>;

/** The members of event union `E` whose `action` can be `A`, with `action` narrowed to `A`. */
export type EventOfKind<E, A> = E extends { action: infer K }
  ? A extends K
    ? Omit<E, 'action'> & { action: A }
    : never
  : never;

/** The audit event of one kind, e.g. `AuditEventOf<'flow.updated'>` (its `action` narrowed to that kind). */
export type AuditEventOf<A extends AuditEventAction> = EventOfKind<AuditEvent, A>;

/** The `data` of one kind of audit event, e.g. `AuditEventData<'folder.created'>`. */
export type AuditEventData<A extends AuditEventAction> = AuditEventOf<A>['data'];

/**
 * Query of `GET /v1/audit-events` (platform admins): paging, and (a Piecework addition)
 * optionally one project or one kind.
 */
export const ListAuditEventsQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  projectId: z.string().optional(),
  action: AuditEventAction.optional(),
});
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuery>;
