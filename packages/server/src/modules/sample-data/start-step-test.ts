/**
 * `POST /v1/sample-data/test-step`: one step of a flow version run alone, as the builder's "Test
 * step" does. The run is an ordinary TESTING run whose job is TEST_STEP: the engine runs the step
 * with the other steps' stored sample outputs in scope, and when the run ends the executor saves
 * the step's output and input as its sample data (`tested-step-sample.ts`).
 */
import { findStep, type FlowRun, type TestStepRunRequest } from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { invalidRequest, notFound } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { startTestRun } from '../flow-runs/start-test-run';

/**
 * Starts a TESTING run of step `request.stepName` of version `request.flowVersionId` (a version
 * of a flow of the project) and answers the created run. 404 for a version or step that is not
 * there; 400 VALIDATION for the trigger (tested with `POST /v1/test-trigger`).
 */
export function startStepTest(
  ctx: Pick<ServerContext, 'store' | 'runs'>,
  principal: Principal,
  project: ProjectRow,
  request: TestStepRunRequest,
): Promise<FlowRun> {
  return startTestRun(ctx, principal, project, request.flowVersionId, (trigger) => {
    if (request.stepName === trigger.name) {
      throw invalidRequest(
        `'${request.stepName}' is the flow's trigger: test it with POST /v1/test-trigger, not as a step`,
        { stepName: request.stepName },
      );
    }
    if (findStep({ trigger }, request.stepName) === undefined) throw notFound('step', request.stepName);
    return request.stepName;
  });
}
