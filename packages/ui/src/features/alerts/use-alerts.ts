/**
 * The alert receivers of a project over TanStack Query: the list (`GET /v1/alerts`, a page at a
 * time) and adding and removing one, each refreshing the list and saying what it did in a toast.
 */
import type { Alert, Page as ListPage } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';

/** The query key of project `projectId`'s alert receivers (every page of them). */
export function alertsKey(projectId: string) {
  return ['alerts', projectId] as const;
}

/** The page of receivers from `cursor` (undefined: the first page) of project `projectId`. */
export function useAlerts(projectId: string, cursor: string | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: [...alertsKey(projectId), cursor],
    queryFn: (): Promise<ListPage<Alert>> =>
      client.alerts.list({ projectId, limit: 50, ...(cursor === undefined ? {} : { cursor }) }),
    placeholderData: keepPreviousData,
  });
}

/** Adding an email receiver to project `projectId`; `onAdded` runs once the server stored it. */
export function useAddAlert(projectId: string, onAdded: () => void) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (receiver: string) => client.alerts.create({ projectId, channel: 'EMAIL', receiver }),
    onSuccess: async (alert) => {
      await queryClient.invalidateQueries({ queryKey: alertsKey(projectId) });
      onAdded();
      toast(`${alert.receiver} will be emailed when a run fails`);
    },
  });
}

/** Removing a receiver of project `projectId`; `onRemoved` runs once the server removed it. */
export function useRemoveAlert(projectId: string, onRemoved: () => void) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  return useMutation({
    mutationFn: (alert: Alert) => client.alerts.delete(alert.id),
    onSuccess: async (_, alert) => {
      onRemoved();
      await queryClient.invalidateQueries({ queryKey: alertsKey(projectId) });
      toast(`${alert.receiver} will no longer be emailed`);
    },
    onError: toastError,
  });
}
