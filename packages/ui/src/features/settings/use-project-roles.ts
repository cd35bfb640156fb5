/**
 * The project roles members can hold (`GET /v1/project-roles`): the defaults Admin, Editor and
 * Viewer and the platform's custom roles. They change rarely, so they are cached for minutes.
 */
import type { SelectOption } from '../../components/field';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The role names, as options of a role select. */
export function useProjectRoleOptions() {
  const client = useApi();
  return useQuery({
    queryKey: ['project-roles'],
    queryFn: async (): Promise<SelectOption[]> =>
      (await client.projectRoles.list({ limit: 100 })).data.map((role) => ({
        value: role.name,
        label: role.name,
      })),
    staleTime: 5 * 60_000,
  });
}
