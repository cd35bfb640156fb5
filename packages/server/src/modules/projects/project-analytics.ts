/**
 * The `analytics` of projects (users and flows, total and active), for many projects in two
 * grouped queries rather than per project.
 */
import type { ProjectAnalytics } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { countProjectFlows, countProjectMembers, selectUserStatuses } from './project-repository';

/** Analytics of each project in `projectIds` (all zeros for a project with nothing). */
export async function projectAnalytics(
  ctx: Pick<ServerContext, 'store'>,
  projects: readonly { id: string; ownerId: string }[],
): Promise<Map<string, ProjectAnalytics>> {
  const result = new Map<string, ProjectAnalytics>();
  if (projects.length === 0) {
    return result;
  }
  const ids = projects.map((project) => project.id);
  const [flows, members, owners] = await Promise.all([
    countProjectFlows(ctx.store.db, ids),
    countProjectMembers(ctx.store.db, ids),
    selectUserStatuses(
      ctx.store.db,
      projects.map((project) => project.ownerId),
    ),
  ]);
  const ownerActive = new Map(owners.map((owner) => [owner.id, owner.status === 'ACTIVE']));
  const flowsOf = new Map(flows.map((row) => [row.projectId, row]));
  const membersOf = new Map(members.map((row) => [row.projectId, row]));
  for (const project of projects) {
    const flow = flowsOf.get(project.id);
    const member = membersOf.get(project.id);
    const ownerCounts = ownerActive.has(project.ownerId) ? 1 : 0;
    result.set(project.id, {
      totalFlows: Number(flow?.total ?? 0),
      activeFlows: Number(flow?.active ?? 0),
      totalUsers: ownerCounts + Number(member?.total ?? 0),
      activeUsers: (ownerActive.get(project.ownerId) === true ? 1 : 0) + Number(member?.active ?? 0),
    });
  }
  return result;
}
