/**
 * What the form and chat pages are built from (`GET /v1/human-input/form|chat/:flowId`, public),
 * of the published flow or, with `?useDraft=true`, of its draft. Read them with these hooks.
 */
import { USE_DRAFT_QUERY_PARAM_NAME } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useApi } from '../../api/session-context';

/** The page's flow id and whether it serves the draft (`?useDraft=true`). */
export function useHumanInputTarget(): { flowId: string; useDraft: boolean } {
  const { flowId = '' } = useParams();
  const [search] = useSearchParams();
  return { flowId, useDraft: search.get(USE_DRAFT_QUERY_PARAM_NAME) === 'true' };
}

/** The form of `flowId`. */
export function useFormPage(flowId: string, useDraft: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: ['human-input', 'form', flowId, useDraft],
    queryFn: () => client.humanInput.getForm({ flowId }, { useDraft }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The chat page of `flowId`. */
export function useChatPage(flowId: string, useDraft: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: ['human-input', 'chat', flowId, useDraft],
    queryFn: () => client.humanInput.getChat({ flowId }, { useDraft }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
