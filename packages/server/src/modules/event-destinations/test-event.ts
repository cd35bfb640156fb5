/**
 * The event `POST /v1/event-destinations/:id/test` sends: a `flow.created` event of the platform
 * whose ids name nothing (as the Activepieces test event does), signed like any other.
 */
import { generateId, type AuditEvent } from '@piecework/shared';

/** A test event of `platformId` at `now`. */
export function testEvent(platformId: string, now: string): AuditEvent {
  return {
    id: generateId(),
    created: now,
    updated: now,
    platformId,
    action: 'flow.created',
    data: {
      flow: { id: generateId(), externalId: generateId(), created: now, updated: now },
      project: { displayName: 'Test project', externalId: null },
    },
  };
}
