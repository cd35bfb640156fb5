/**
 * The stuck-run limits: the platform's defaults (read by any member, set by platform admins) and
 * a flow's overrides (null keeps the default), always answered beside the limits in effect.
 */
import type { FlowStuckRunLimits, FlowStuckRunLimitsView, StuckRunLimits } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { ServerContext } from '../../server-context';
import {
  findFlowLimits,
  findPlatformLimits,
  updateFlowLimitsRow,
  updatePlatformLimitsRow,
} from './stuck-run-limits-repository';

/** What the stuck-run limits use of the server context. */
export type StuckRunLimitDependencies = Pick<ServerContext, 'store' | 'now'>;

/** The platform's default limits (404 for an unknown platform). */
export async function getPlatformLimits(
  deps: StuckRunLimitDependencies,
  platformId: string,
): Promise<StuckRunLimits> {
  const limits = await findPlatformLimits(deps.store.db, platformId);
  if (limits === undefined) throw notFound('platform', platformId);
  return limits;
}

/** Sets the platform's default limits and answers them. */
export async function updatePlatformLimits(
  deps: StuckRunLimitDependencies,
  platformId: string,
  limits: StuckRunLimits,
): Promise<StuckRunLimits> {
  await deps.store.write((trx) => updatePlatformLimitsRow(trx, platformId, limits, deps.now()));
  return getPlatformLimits(deps, platformId);
}

/** Flow `flowId`'s limits: overrides, defaults and effective (404 unless it is a flow of the project). */
export async function getFlowLimits(
  deps: StuckRunLimitDependencies,
  project: ProjectRow,
  flowId: string,
): Promise<FlowStuckRunLimitsView> {
  const overrides = await findFlowLimits(deps.store.db, project.id, flowId);
  if (overrides === undefined) throw notFound('flow', flowId);
  const platformDefaults = await getPlatformLimits(deps, project.platformId);
  return {
    flowId,
    overrides,
    platformDefaults,
    effective: {
      queuedMinutes: overrides.queuedMinutes ?? platformDefaults.queuedMinutes,
      runningMinutes: overrides.runningMinutes ?? platformDefaults.runningMinutes,
      pausedMinutes: overrides.pausedMinutes ?? platformDefaults.pausedMinutes,
    },
  };
}

/** Sets flow `flowId`'s overrides and answers its limits (404 unless it is a flow of the project). */
export async function updateFlowLimits(
  deps: StuckRunLimitDependencies,
  project: ProjectRow,
  flowId: string,
  limits: FlowStuckRunLimits,
): Promise<FlowStuckRunLimitsView> {
  const found = await deps.store.write((trx) => updateFlowLimitsRow(trx, project.id, flowId, limits));
  if (!found) throw notFound('flow', flowId);
  return getFlowLimits(deps, project, flowId);
}
