import { z } from 'zod';

/**
 * Every kind of audit event (the `action` of an {@link AuditEvent}), 27 in all: Activepieces' 23, then
 * Piecework's own events (Activepieces has none for these): an API key created or deleted, a
 * refused sign-in of a known user, and stuck runs ended by hand with a reason.
 */
export const AuditEventAction = z.enum([
  'flow.created',
  'flow.updated',
  'flow.deleted',
  'flow.published',
  'flow.activated',
  'flow.deactivated',
  'connection.upserted',
  'connection.deleted',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'flow.run.started',
  'flow.run.finished',
  'flow.run.retried',
  'user.signed.up',
  'user.signed.in',
  'user.password.reset',
  'user.email.verified',
  'signing.key.created',
  'project.role.created',
  'project.role.updated',
  'project.role.deleted',
  'project.release.created',
  'api.key.created',
  'api.key.deleted',
  'user.sign.in.failed',
  'stuck.runs.ended',
]);
export type AuditEventAction = z.infer<typeof AuditEventAction>;
