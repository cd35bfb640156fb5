/**
 * The cache keys of the flows page. Every key of a project's flows starts with
 * `['flows', projectId]` (lists, counts, the runs page's flow filter), so one invalidation after a
 * change refreshes all of them; one flow (the builder's) is `['flow', flowId]`.
 */
import type { FolderFilter } from './flows-view';

/** Cache keys of flows and folders. */
export const flowKeys = {
  all: (projectId: string) => ['flows', projectId] as const,
  lists: (projectId: string) => ['flows', projectId, 'list'] as const,
  list: (projectId: string, view: { folder: FolderFilter; name: string; cursor: string | undefined }) =>
    ['flows', projectId, 'list', view] as const,
  count: (projectId: string, folder: FolderFilter) => ['flows', projectId, 'count', folder] as const,
  one: (flowId: string) => ['flow', flowId] as const,
  folders: (projectId: string) => ['folders', projectId] as const,
};
