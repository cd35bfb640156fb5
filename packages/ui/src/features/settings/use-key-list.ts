/**
 * The state of a platform page listing keys (API keys, signing keys): the cursor-paged list, the
 * key whose deletion waits for confirmation, and the deletion itself (the list reloaded from its
 * first page, a toast). Use it with {@link KeyTable} and a `ConfirmDialog`.
 */
import type { Page as ListPage } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast';
import { useCursor } from './use-cursor';

/** What a key needs to be listed and deleted. */
export interface ListedKey {
  id: string;
  displayName: string;
}

/** Options of {@link useKeyList}. */
export interface KeyListOptions<K extends ListedKey> {
  /** The list's query key (the page's cursor is added to it). */
  queryKey: readonly string[];
  /** One page of keys, from `cursor` (undefined: the first page). */
  list: (cursor: string | undefined) => Promise<ListPage<K>>;
  /** Deletes `key` on the server. */
  remove: (key: K) => Promise<unknown>;
  /** The toast once `key` is deleted. */
  deletedMessage: (key: K) => string;
}

/** The list, paging and confirmed deletion of a page of keys. */
export function useKeyList<K extends ListedKey>(options: KeyListOptions<K>) {
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const paging = useCursor();
  const keys = useQuery({
    queryKey: [...options.queryKey, paging.cursor],
    queryFn: () => options.list(paging.cursor),
    placeholderData: keepPreviousData,
  });
  const [deleting, setDeleting] = useState<K | null>(null);
  const remove = useMutation({
    mutationFn: options.remove,
    onSuccess: async (_, key) => {
      setDeleting(null);
      paging.reset();
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
      toast(options.deletedMessage(key));
    },
    onError: toastError,
  });
  return { keys, paging, deleting, setDeleting, remove };
}
