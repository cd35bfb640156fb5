/**
 * The platform's event destinations over TanStack Query: the list, one destination, its delivery
 * log, and the changes (create, update, delete, test send). Every change refreshes what it
 * touched; the pages show errors themselves.
 */
import type {
  CreateEventDestinationRequest,
  EventDeliveryStatus,
  UpdateEventDestinationRequest,
} from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The query key of everything about event destinations (the list, each one, their logs). */
export const EVENT_DESTINATIONS_KEY = ['event-destinations'] as const;

/** A page of the platform's destinations, newest first, from `cursor` (undefined: the first). */
export function useEventDestinations(cursor: string | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: [...EVENT_DESTINATIONS_KEY, 'list', cursor],
    queryFn: () => client.eventDestinations.list({ limit: 50, ...(cursor === undefined ? {} : { cursor }) }),
    placeholderData: keepPreviousData,
  });
}

/** Destination `id`. */
export function useEventDestination(id: string) {
  const client = useApi();
  return useQuery({
    queryKey: [...EVENT_DESTINATIONS_KEY, 'one', id],
    queryFn: () => client.eventDestinations.get(id),
  });
}

/** A page of destination `id`'s delivery log, newest first, optionally of one status. */
export function useEventDeliveries(
  id: string,
  status: EventDeliveryStatus | undefined,
  cursor: string | undefined,
) {
  const client = useApi();
  return useQuery({
    queryKey: [...EVENT_DESTINATIONS_KEY, 'deliveries', id, status, cursor],
    queryFn: () =>
      client.eventDestinations.listDeliveries(id, {
        limit: 20,
        ...(status === undefined ? {} : { status }),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Creating a destination; the answer carries its signing secret, shown once. */
export function useCreateEventDestination() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateEventDestinationRequest) => client.eventDestinations.create(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EVENT_DESTINATIONS_KEY }),
  });
}

/** Changing destination `id`. */
export function useUpdateEventDestination(id: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateEventDestinationRequest) => client.eventDestinations.update(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EVENT_DESTINATIONS_KEY }),
  });
}

/** Deleting a destination (its delivery log goes with it). */
export function useDeleteEventDestination() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.eventDestinations.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EVENT_DESTINATIONS_KEY }),
  });
}

/** Sending destination `id` a signed test event now; answers what the destination answered. */
export function useTestEventDestination(id: string) {
  const client = useApi();
  return useMutation({ mutationFn: () => client.eventDestinations.test(id) });
}
