/**
 * A TESTING run of a flow version, as the builder's "Test flow" and "Test step" start one: the
 * version must belong to a flow of the project (404 otherwise) and the run's payload is the
 * trigger's sample data (`{}` when there is none).
 */
import type { FlowRun, Trigger } from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { findVersionInProject } from './flow-run-repository';
import { readTriggerSampleData } from './trigger-sample-data';

/**
 * Starts the run and answers it. With `stepToTest`, only that step runs (a TEST_STEP job): the
 * function gets the version's trigger, checks the request against it (throwing its own errors)
 * and answers the step's name.
 */
export async function startTestRun(
  ctx: Pick<ServerContext, 'store' | 'runs'>,
  principal: Principal,
  project: ProjectRow,
  flowVersionId: string,
  stepToTest?: (trigger: Trigger) => string,
): Promise<FlowRun> {
  const { db } = ctx.store;
  const version = await findVersionInProject(db, flowVersionId, project.id);
  if (version === undefined) throw notFound('flowVersion', flowVersionId);
  const trigger = fromJson<Trigger>(version.trigger)!;
  const stepNameToTest = stepToTest?.(trigger);
  const { run } = await ctx.runs.createRun({
    projectId: project.id,
    platformId: project.platformId,
    flowId: version.flowId,
    flowVersionId: version.id,
    flowDisplayName: version.displayName,
    environment: 'TESTING',
    triggerPayload: await readTriggerSampleData(db, project.id, trigger),
    triggeredBy: principal.id,
    ...(stepNameToTest === undefined ? {} : { stepNameToTest }),
  });
  return run;
}
