/**
 * An audit event in words for the audit log's table: the kind (`flow.run.finished` -> "Flow run
 * finished") and what it was about (the flow, connection, user... its data names). Exhaustive over
 * `AuditEventAction`, so a new kind of event is a type error here until it is described.
 */
import type { AuditEvent } from '@piecework/shared';

/** `flow.run.finished` -> `Flow run finished`; `api.key.created` -> `API key created`. */
export function actionWords(action: string): string {
  const words = action.replaceAll('.', ' ').replace(/^api /, 'API ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What `event` was about, e.g. `Flow “Welcome email”` or `Run of “Welcome email”: FAILED`. */
export function auditEventSubject(event: AuditEvent): string {
  switch (event.action) {
    case 'flow.created':
      return `Flow ${event.data.flow.id}`;
    case 'flow.updated':
      return `Flow “${event.data.flowVersion.displayName}”: ${event.data.request.type}`;
    case 'flow.deleted':
    case 'flow.published':
    case 'flow.activated':
    case 'flow.deactivated':
      return `Flow “${event.data.flowVersion.displayName}”`;
    case 'connection.upserted':
    case 'connection.deleted':
      return `Connection “${event.data.connection.displayName}” (${event.data.connection.pieceName})`;
    case 'folder.created':
    case 'folder.updated':
    case 'folder.deleted':
      return `Folder “${event.data.folder.displayName}”`;
    case 'flow.run.started':
    case 'flow.run.finished':
    case 'flow.run.retried': {
      const run = event.data.flowRun;
      return `Run of “${run.flowDisplayName ?? run.flowId}”: ${run.status}`;
    }
    case 'user.signed.up':
      return `${event.data.user?.email ?? 'A user'} (${event.data.source})`;
    case 'user.signed.in':
    case 'user.password.reset':
    case 'user.email.verified':
      return event.data.user?.email ?? '';
    case 'user.sign.in.failed':
      return `${event.data.user.email}: ${event.data.reason === 'WRONG_PASSWORD' ? 'wrong password' : 'user deactivated'}`;
    case 'signing.key.created':
      return `Signing key “${event.data.signingKey.displayName}”`;
    case 'project.role.created':
    case 'project.role.updated':
    case 'project.role.deleted':
      return `Role “${event.data.projectRole.name}”`;
    case 'project.release.created':
      return `Release “${event.data.release.name}”`;
    case 'api.key.created':
    case 'api.key.deleted':
      return `API key “${event.data.apiKey.displayName}”`;
    case 'stuck.runs.ended':
      return `${String(event.data.flowRuns.length)} stuck run(s) ended: ${event.data.reason}`;
    default: {
      const unknown: never = event;
      return String(unknown);
    }
  }
}
