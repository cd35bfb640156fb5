/**
 * `POST /v1/sample-data/test-step`: one step of a flow version run alone, as the builder's "Test
 * step" does. The run is an ordinary TESTING run whose job is TEST_STEP: the engine runs the step
 * with the other steps' stored sample outputs in scope, and when the run ends the executor saves
 * the step's output and input as its sample data (`tested-step-sample.ts`).
 */
import { findStep, type FlowRun, type TestStepRunRequest, type Trigger } from '@piecework/shared';
import type { Principal } from '../../auth/principal';
import type { ProjectRow } from '../../auth/project-access';
import { invalidRequest, notFound } from '../../errors';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../storage/json-column';
import { findVersionInProject } from '../flow-runs/flow-run-repository';
import { readTriggerSampleData } from '../flow-runs/trigger-sample-data';

/**
 * Starts a TESTING run of step `request.stepName` of version `request.flowVersionId` (a version
 * of a flow of the project) and answers the created run. 404 for a version or step that is not
 * there; 400 VALIDATION for the trigger (tested with `POST /v1/test-trigger`).
 */
export async function startStepTest(
  ctx: ServerContext,
  principal: Principal,
  project: ProjectRow,
  request: TestStepRunRequest,
): Promise<FlowRun> {
  const { db } = ctx.store;
  const version = await findVersionInProject(db, request.flowVersionId, project.id);
  if (version === undefined) throw notFound('flowVersion', request.flowVersionId);
  const trigger = fromJson<Trigger>(version.trigger)!;
  if (request.stepName === trigger.name) {
    throw invalidRequest(
      `'${request.stepName}' is the flow's trigger: test it with POST /v1/test-trigger, not as a step`,
      { stepName: request.stepName },
    );
  }
  if (findStep({ trigger }, request.stepName) === undefined) throw notFound('step', request.stepName);
  const { run } = await ctx.runs.createRun({
    projectId: project.id,
    platformId: project.platformId,
    flowId: version.flowId,
    flowVersionId: version.id,
    flowDisplayName: version.displayName,
    environment: 'TESTING',
    triggerPayload: await readTriggerSampleData(db, project.id, trigger),
    triggeredBy: principal.id,
    stepNameToTest: request.stepName,
  });
  return run;
}
