/**
 * What a push leaves on the branch: the project state the branch's folder holds after it, from
 * the project's current state and the state already on the branch. Pushing flows or tables
 * replaces those (by externalId) and keeps the rest of the branch's; deleting removes them;
 * PUSH_EVERYTHING is the project as it is. Connections (never secrets) are the union of both,
 * the project's winning, so that pushed flows always find theirs.
 */
import type { ConnectionState, ProjectState, PushGitRepoRequest } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';

/** The state the branch holds after `request` (throws 404 for a pushed flow or table the project lacks). */
export function pushedState(
  current: ProjectState,
  onBranch: ProjectState,
  request: PushGitRepoRequest,
): ProjectState {
  const flowIds = new Set(request.externalFlowIds ?? []);
  const tableIds = new Set(request.externalTableIds ?? []);
  switch (request.type) {
    case 'PUSH_EVERYTHING':
      return sorted(current);
    case 'PUSH_FLOW':
      return sorted({
        ...onBranch,
        flows: [
          ...onBranch.flows.filter((flow) => !flowIds.has(flow.externalId)),
          ...picked(current.flows, flowIds, 'flow'),
        ],
        connections: mergedConnections(onBranch.connections, current.connections),
      });
    case 'DELETE_FLOW':
      return sorted({ ...onBranch, flows: onBranch.flows.filter((flow) => !flowIds.has(flow.externalId)) });
    case 'PUSH_TABLE':
      return sorted({
        ...onBranch,
        tables: [
          ...onBranch.tables.filter((table) => !tableIds.has(table.externalId)),
          ...picked(current.tables, tableIds, 'table'),
        ],
      });
    case 'DELETE_TABLE':
      return sorted({
        ...onBranch,
        tables: onBranch.tables.filter((table) => !tableIds.has(table.externalId)),
      });
  }
}

/** The items of `items` named in `ids`; 404 for a name none has. */
function picked<T extends { externalId: string }>(
  items: readonly T[],
  ids: ReadonlySet<string>,
  kind: string,
): T[] {
  const found = items.filter((item) => ids.has(item.externalId));
  for (const id of ids) {
    if (!found.some((item) => item.externalId === id)) throw notFound(kind, id);
  }
  return found;
}

function mergedConnections(
  onBranch: readonly ConnectionState[],
  current: readonly ConnectionState[],
): ConnectionState[] {
  const byId = new Map(onBranch.map((connection) => [connection.externalId, connection]));
  for (const connection of current) byId.set(connection.externalId, connection);
  return [...byId.values()];
}

/** Every list by externalId, so the same state always makes the same files. */
function sorted(state: ProjectState): ProjectState {
  const byId = <T extends { externalId: string }>(items: readonly T[]) =>
    [...items].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
  return { flows: byId(state.flows), tables: byId(state.tables), connections: byId(state.connections) };
}
