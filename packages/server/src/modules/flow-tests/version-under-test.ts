/** The flow version a test or replay runs against. */
import type { FlowVersion } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { notFound } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { findLatestVersion, findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';

/**
 * Version `versionId` of flow `flowId`, or without one the flow's latest version (its draft when
 * it has one); 404 when the version is not one of the flow's.
 */
export async function versionUnderTest(
  db: Kysely<Database>,
  flowId: string,
  versionId: string | undefined,
): Promise<FlowVersion> {
  const row =
    versionId === undefined
      ? await findLatestVersion(db, flowId)
      : await findVersionOfFlow(db, flowId, versionId);
  if (row === undefined) throw notFound('flowVersion', versionId ?? flowId);
  return flowVersionFromRow(row);
}
