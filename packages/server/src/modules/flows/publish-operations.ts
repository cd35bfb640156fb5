/**
 * The operations that move a flow through its lifecycle: LOCK_AND_PUBLISH, CHANGE_STATUS and
 * LOCK_FLOW. They never change a version's content (nor any step's pieceVersion).
 */
import {
  getAllSteps,
  validateFlowVersion,
  type FlowOperationRequest,
  type FlowStatus,
  type FlowVersion,
} from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import { withEvent, withFlow, withVersion, type FlowEdit, type FlowEditEnv } from './flow-edit';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { serverStepChecks } from './server-step-checks';

/**
 * LOCK_AND_PUBLISH: locks the draft (or takes the latest version when it is already locked),
 * makes it the published version and sets the status (`request.status`, default ENABLED).
 * Validity is checked again first (a piece may have been installed or removed since the last
 * save); a version that is not valid is refused (409 VALIDATION naming the invalid steps and why).
 */
export async function lockAndPublish(
  edit: FlowEdit,
  request: FlowOperationRequest<'LOCK_AND_PUBLISH'>,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  const version = validateFlowVersion(edit.version, await serverStepChecks(edit.version.trigger, env.pieces));
  assertPublishable(version);
  const locked = version.state === 'LOCKED' ? edit : withVersion(edit, { ...version, state: 'LOCKED' });
  const status = request.status ?? 'ENABLED';
  const published = withEvent(withFlow(locked, { publishedVersionId: version.id, status }), {
    action: 'flow.published',
    version: locked.version,
  });
  return withStatusEvent(published, edit.flow.status, locked.version);
}

/** CHANGE_STATUS: enables or disables the published version; ENABLED needs one (409 otherwise). */
export async function changeStatus(
  edit: FlowEdit,
  request: FlowOperationRequest<'CHANGE_STATUS'>,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  const publishedVersionId = edit.flow.publishedVersionId ?? null;
  if (request.status === 'ENABLED' && publishedVersionId === null) {
    throw ruleViolation(`Flow ${edit.flow.id} has no published version: publish it before enabling it`, {
      flowId: edit.flow.id,
    });
  }
  if (request.status === edit.flow.status) return edit;
  const publishedRow =
    publishedVersionId === null
      ? undefined
      : await findVersionOfFlow(env.trx, edit.flow.id, publishedVersionId);
  const published = publishedRow === undefined ? edit.version : flowVersionFromRow(publishedRow);
  return withStatusEvent(withFlow(edit, { status: request.status }), edit.flow.status, published);
}

/** LOCK_FLOW: the draft becomes LOCKED without being published (a locked latest version stays as is). */
export function lockFlow(edit: FlowEdit): FlowEdit {
  return edit.version.state === 'DRAFT' ? withVersion(edit, { ...edit.version, state: 'LOCKED' }) : edit;
}

/** Adds flow.activated / flow.deactivated when the status moved away from `before`. */
function withStatusEvent(edit: FlowEdit, before: FlowStatus, version: FlowVersion): FlowEdit {
  if (edit.flow.status === before) return edit;
  return withEvent(edit, {
    action: edit.flow.status === 'ENABLED' ? 'flow.activated' : 'flow.deactivated',
    version,
  });
}

/**
 * Refuses to publish a version that cannot run, naming the invalid steps and each reason
 * (`params.issues`: the version's `validationIssues` of those steps).
 */
function assertPublishable(version: FlowVersion): void {
  if (version.valid) return;
  const invalidSteps = getAllSteps(version.trigger)
    .filter((step) => !step.valid && !('skip' in step && step.skip === true))
    .map((step) => step.name);
  const issues = (version.validationIssues ?? []).filter((issue) => invalidSteps.includes(issue.stepName));
  const reason =
    issues.length > 0
      ? issues.map((issue) => `${issue.stepName}: ${issue.message}`).join('; ')
      : `these steps are not valid: ${invalidSteps.join(', ')}`;
  throw ruleViolation(`Flow version ${version.id} cannot be published: ${reason}`, {
    versionId: version.id,
    invalidSteps,
    issues,
  });
}
