/**
 * The releases page's server state: the project's releases (newest first, a page at a time), the
 * plan of releasing another project, or the project's git branch, into this one (`POST
 * /v1/project-releases/diff`, which changes nothing) and applying it (`POST /v1/project-releases`),
 * and turning releases on for the project. Applying refreshes the releases and the project's flows
 * and tables.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { PROJECTS_KEY } from '../../api/use-projects';
import { flowKeys } from '../flows/flow-keys';

/** A page of project `projectId`'s releases. */
export function useReleasesPage(projectId: string, cursor: string | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: ['releases', projectId, cursor],
    queryFn: () =>
      client.projectReleases.list({ projectId, limit: 20, ...(cursor === undefined ? {} : { cursor }) }),
    placeholderData: keepPreviousData,
  });
}

/** What releasing project `sourceProjectId` into project `projectId` would do. */
export function useReleasePlan(projectId: string) {
  const client = useApi();
  return useMutation({
    mutationFn: (sourceProjectId: string) =>
      client.projectReleases.diff({ projectId, type: 'PROJECT', sourceProjectId }),
  });
}

/** Releases project `sourceProjectId` into project `projectId` as `name`; answers the release. */
export function useApplyRelease(projectId: string) {
  const client = useApi();
  const refresh = useRefreshReleased(projectId);
  return useMutation({
    mutationFn: ({ sourceProjectId, name }: { sourceProjectId: string; name: string }) =>
      client.projectReleases.create({ projectId, type: 'PROJECT', sourceProjectId, name }),
    onSuccess: refresh,
  });
}

/** What releasing project `projectId`'s git branch into it would do. */
export function useGitReleasePlan(projectId: string) {
  const client = useApi();
  return useMutation({ mutationFn: () => client.projectReleases.diff({ projectId, type: 'GIT' }) });
}

/** Releases project `projectId`'s git branch into it as `name`; answers the release. */
export function useApplyGitRelease(projectId: string) {
  const client = useApi();
  const refresh = useRefreshReleased(projectId);
  return useMutation({
    mutationFn: (name: string) => client.projectReleases.create({ projectId, type: 'GIT', name }),
    onSuccess: refresh,
  });
}

/** Refreshes what a release into project `projectId` changes: its releases, flows and tables. */
function useRefreshReleased(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['releases', projectId] }),
      queryClient.invalidateQueries({ queryKey: flowKeys.all(projectId) }),
      queryClient.invalidateQueries({ queryKey: ['tables', projectId] }),
    ]);
}

/** Turns releases on for project `projectId` (`releasesEnabled`), as Activepieces' environments. */
export function useEnableReleases(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.projects.update(projectId, { releasesEnabled: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
