/**
 * `ctx.flows.list` of the pieces a run calls: the run's project's flows, each with its latest
 * version, in Activepieces' PopulatedFlow shape (the sub-flow pieces look for flows
 * whose trigger is the Callable Flow trigger, by externalId).
 */
import type { FlowLister } from '@piecework/engine';
import type { PopulatedFlow } from '@piecework/shared';
import { findVersionsByIds, listFlows } from '../modules/flow-definitions/flow-repository';
import { flowFromRow, flowVersionFromRow, populatedFlow } from '../modules/flow-definitions/flow-rows';
import type { DataStore } from '../infrastructure/storage/data-store';

/** The most flows one call lists (Activepieces pages its list too). */
export const RUN_FLOWS_LIMIT = 100;

/** The flow lister of runs of `projectId`: newest flows first, at most {@link RUN_FLOWS_LIMIT}. */
export function runFlowLister(store: DataStore, projectId: string): FlowLister {
  return {
    async list(params): Promise<PopulatedFlow[]> {
      const externalIds = Array.isArray(params.externalIds) ? params.externalIds.map(String) : undefined;
      if (externalIds?.length === 0) return [];
      const page = await listFlows(store.db, { projectId, externalIds }, { limit: RUN_FLOWS_LIMIT });
      const versions = await findVersionsByIds(
        store.db,
        page.data.map((row) => row.latestVersionId),
      );
      return page.data.map(({ latestVersionId, ...row }) =>
        populatedFlow(flowFromRow(row), flowVersionFromRow(versions.get(latestVersionId)!)),
      );
    },
  };
}
