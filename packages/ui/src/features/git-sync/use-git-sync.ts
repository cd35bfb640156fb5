/**
 * Git sync's server state over TanStack Query: the project's connection (`GET /v1/git-repos`, its
 * one repository or none; asked only of users who may read it), configuring and disconnecting it,
 * and pushing flows (`POST /v1/git-repos/:id/push`). Pulling the branch is a GIT release
 * (`features/releases/use-releases.ts`).
 */
import type { ConfigureRepoRequest, GitRepo, PushGitRepoRequest } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useProjectPermissions } from '../../api/use-project-permissions';

/** The query key of project `projectId`'s git connection. */
export function gitRepoKey(projectId: string) {
  return ['git-repo', projectId] as const;
}

/** Project `projectId`'s git connection: the repository, null when there is none. */
export function useGitRepo(projectId: string) {
  const client = useApi();
  const permissions = useProjectPermissions(projectId);
  return useQuery({
    queryKey: gitRepoKey(projectId),
    enabled: permissions.can('READ_PROJECT_RELEASE'),
    queryFn: async (): Promise<GitRepo | null> =>
      (await client.gitRepos.list({ projectId, limit: 1 })).data[0] ?? null,
  });
}

/** Connects project `projectId` to a branch (replacing its connection). */
export function useConfigureGitRepo(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<ConfigureRepoRequest, 'projectId'>) =>
      client.gitRepos.configure({ ...request, projectId }),
    onSuccess: (repo) => queryClient.setQueryData(gitRepoKey(projectId), repo),
  });
}

/** Disconnects project `projectId` from repository `id`. */
export function useDisconnectGitRepo(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.gitRepos.delete(id),
    onSuccess: () => queryClient.setQueryData(gitRepoKey(projectId), null),
  });
}

/** Pushes to repository `repoId`; answers the commit made (null: nothing to commit). */
export function usePushToGit() {
  const client = useApi();
  return useMutation({
    mutationFn: ({ repoId, request }: { repoId: string; request: PushGitRepoRequest }) =>
      client.gitRepos.push(repoId, request),
  });
}
