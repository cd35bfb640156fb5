/**
 * The templates gallery's server state: the templates matching the gallery's filters (official
 * ones and the platform's own), the categories, and the two changes: using a template in the
 * project (its tables and flows created, all or nothing) and saving flows as a new template.
 */
import type { PieceworkClient } from '@piecework/client';
import type { ListTemplatesQuery, TemplateType } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { flowKeys } from '../flows/flow-keys';

/** What the gallery shows: a searched text, a category and a type ('' for any). */
export interface TemplatesView {
  search: string;
  category: string;
  type: TemplateType | '';
}

/** The query of `GET /v1/templates` for a gallery view. */
export function templatesQuery(view: TemplatesView): ListTemplatesQuery {
  return {
    ...(view.search.trim() === '' ? {} : { search: view.search.trim() }),
    ...(view.category === '' ? {} : { category: view.category }),
    ...(view.type === '' ? {} : { type: view.type }),
  };
}

/** The templates of a gallery view. */
export function useTemplates(view: TemplatesView) {
  const client = useApi();
  return useQuery({
    queryKey: ['templates', view],
    queryFn: () => client.templates.list(templatesQuery(view)),
    placeholderData: keepPreviousData,
  });
}

/** The categories templates are filed under. */
export function useTemplateCategories() {
  const client = useApi();
  return useQuery({
    queryKey: ['template-categories'],
    queryFn: () => client.templates.categories(),
    staleTime: 10 * 60_000,
  });
}

/** Creates template `templateId`'s tables and flows in the project; answers them. */
export function useUseTemplate(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => client.templates.use(templateId, { projectId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flowKeys.all(projectId) }),
        queryClient.invalidateQueries({ queryKey: ['tables', projectId] }),
      ]),
  });
}

/** Saves flows of the project as a new template (with the tables their steps use); answers it. */
export function useSaveAsTemplate(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<Parameters<PieceworkClient['templates']['fromFlows']>[0], 'projectId'>) =>
      client.templates.fromFlows({ ...request, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['templates'] }),
  });
}
