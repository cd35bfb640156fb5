/**
 * A project's MCP server as its page reads and changes it: the server (made by the server on
 * first read), switching it on or off, and rotating its token. Each change replaces the cached
 * server with the server's answer and says so in a toast.
 */
import type { McpServer, McpServerStatus } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';

/** The query key of `projectId`'s MCP server. */
export function mcpServerKey(projectId: string) {
  return ['mcp-server', projectId] as const;
}

/** The MCP server of `projectId` and its two changes. */
export function useMcpServer(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const key = mcpServerKey(projectId);
  const server = useQuery({
    queryKey: key,
    queryFn: (): Promise<McpServer> => client.mcpServers.get({ projectId }),
  });
  const keep = (next: McpServer) => queryClient.setQueryData(key, next);
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: McpServerStatus }) =>
      client.mcpServers.update(id, { status }),
    onSuccess: (next) => {
      keep(next);
      toast(next.status === 'ENABLED' ? 'The MCP server is on' : 'The MCP server is off');
    },
    onError: toastError,
  });
  const rotate = useMutation({
    mutationFn: (id: string) => client.mcpServers.rotate(id),
    onSuccess: (next) => {
      keep(next);
      toast('New token made: the old one no longer works');
    },
    onError: toastError,
  });
  return { server, setStatus, rotate };
}
