/**
 * The flow.* audit events, built from the saved flow and version and recorded in the transaction
 * of the change.
 */
import { mapStringsDeep, type Flow, type FlowOperation, type FlowVersion } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { Database } from '../../infrastructure/storage/database';
import type { FlowLifecycleEvent } from './flow-edit';
import { auditFlowOf, auditProjectOf, versionSummaryOf } from '../flow-definitions/flow-rows';

/** Where and by whom: what every flow event of one request shares. */
export interface FlowAuditScope {
  readonly trx: Kysely<Database>;
  /** Each event takes its own instant from this clock, so events keep the order they were recorded in. */
  readonly clock: () => string;
  readonly actor: AuditActor;
  readonly project: ProjectRow;
}

function projectOf(scope: FlowAuditScope) {
  return { id: scope.project.id, displayName: scope.project.displayName };
}

/** Records flow.created for a new flow. */
export async function recordFlowCreated(scope: FlowAuditScope, flow: Flow): Promise<void> {
  await recordAuditEvent(scope.trx, scope.clock(), scope.actor, {
    action: 'flow.created',
    data: { flow: auditFlowOf(flow), project: auditProjectOf(scope.project) },
    project: projectOf(scope),
  });
}

/**
 * Largest SAVE_SAMPLE_DATA payload (as JSON), and largest single string of any other operation
 * (code source, a long input), copied into a flow.updated event as is.
 */
export const AUDITED_PAYLOAD_MAX_BYTES = 2048;

/** A string over {@link AUDITED_PAYLOAD_MAX_BYTES}, replaced by a note of its size. */
function summarisedString(text: string): string {
  if (text.length * 3 <= AUDITED_PAYLOAD_MAX_BYTES) return text;
  const size = Buffer.byteLength(text, 'utf8');
  return size <= AUDITED_PAYLOAD_MAX_BYTES ? text : `(not copied: ${String(size)} bytes)`;
}

/**
 * The operation as the flow.updated event carries it: as received, except that a SAVE_SAMPLE_DATA
 * payload over {@link AUDITED_PAYLOAD_MAX_BYTES} is replaced by a note of its size (the payload is
 * stored as a file), and so is every string of other operations over that size (a code step's
 * source, which the version keeps): the audit log should not copy megabytes of user data per edit.
 */
export function auditedOperation(operation: FlowOperation): FlowOperation {
  if (operation.type !== 'SAVE_SAMPLE_DATA') return mapStringsDeep(operation, summarisedString);
  const size = Buffer.byteLength(JSON.stringify(operation.request.payload) ?? '', 'utf8');
  if (size <= AUDITED_PAYLOAD_MAX_BYTES) return operation;
  return {
    type: operation.type,
    request: { ...operation.request, payload: `(not copied: ${String(size)} bytes, stored as sample data)` },
  };
}

/** Records flow.updated for an applied operation, then its lifecycle events (published, activated...). */
export async function recordFlowUpdated(
  scope: FlowAuditScope,
  saved: { flow: Flow; version: FlowVersion },
  operation: FlowOperation,
  events: readonly FlowLifecycleEvent[],
): Promise<void> {
  const flow = auditFlowOf(saved.flow);
  const project = auditProjectOf(scope.project);
  await recordAuditEvent(scope.trx, scope.clock(), scope.actor, {
    action: 'flow.updated',
    data: {
      flow,
      flowVersion: versionSummaryOf(saved.version),
      request: auditedOperation(operation),
      project,
    },
    project: projectOf(scope),
  });
  for (const event of events) {
    // The event's version may have been saved by this operation: carry it as saved.
    const version = event.version.id === saved.version.id ? saved.version : event.version;
    await recordAuditEvent(scope.trx, scope.clock(), scope.actor, {
      action: event.action,
      data: { flow, flowVersion: versionSummaryOf(version), project },
      project: projectOf(scope),
    });
  }
}

/** Records flow.deleted with the flow's latest version. */
export async function recordFlowDeleted(
  scope: FlowAuditScope,
  flow: Flow,
  version: FlowVersion,
): Promise<void> {
  await recordAuditEvent(scope.trx, scope.clock(), scope.actor, {
    action: 'flow.deleted',
    data: {
      flow: auditFlowOf(flow),
      flowVersion: versionSummaryOf(version),
      project: auditProjectOf(scope.project),
    },
    project: projectOf(scope),
  });
}
