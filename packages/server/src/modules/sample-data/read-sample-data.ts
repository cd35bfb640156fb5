/**
 * `GET /v1/sample-data`: a step's stored sample input or output, as the builder's data selector
 * and test panel read it.
 */
import { findStep, type GetSampleDataQuery } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { findFlowInProject, findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { readStepSampleData } from '../flow-definitions/sample-data-files';

/**
 * The sample data of `query.type` of step `query.stepName` in version `query.flowVersionId` of
 * flow `query.flowId` (of the authorized project): the JSON value as stored, or `{}` when the
 * step has none. 404 ENTITY_NOT_FOUND for a flow, version or step that is not there.
 */
export async function readSampleData(
  db: Kysely<Database>,
  project: ProjectRow,
  query: GetSampleDataQuery,
): Promise<unknown> {
  if ((await findFlowInProject(db, query.flowId, project.id)) === undefined) {
    throw notFound('flow', query.flowId);
  }
  const row = await findVersionOfFlow(db, query.flowId, query.flowVersionId);
  if (row === undefined) throw notFound('flowVersion', query.flowVersionId);
  const step = findStep(flowVersionFromRow(row), query.stepName);
  if (step === undefined) throw notFound('step', query.stepName);
  return readStepSampleData(db, project.id, step, query.type);
}
