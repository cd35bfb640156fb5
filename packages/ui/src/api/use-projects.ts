/**
 * The projects the signed-in user can open (their own and those they are a member of), and the
 * project of the current URL. Every project-scoped page reads its project id with
 * {@link useProjectId}.
 */
import type { Project } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useApi } from './session-context';

/** The query key of the project list. */
export const PROJECTS_KEY = ['projects'] as const;

/** Every project the user can open (up to 100, the first page). */
export function useProjects() {
  const client = useApi();
  return useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: async (): Promise<Project[]> => (await client.projects.list({ limit: 100 })).data,
    staleTime: 60_000,
  });
}

/** The `:projectId` of the current URL; throws outside a project's pages. */
export function useProjectId(): string {
  const { projectId } = useParams();
  if (projectId === undefined) throw new Error('useProjectId outside /projects/:projectId');
  return projectId;
}
