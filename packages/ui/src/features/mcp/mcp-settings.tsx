/**
 * Everything about a project's MCP server, as the MCP page and the embed SDK's `mcpSettings()`
 * dialog show it: the server (URL, status, token), how to connect a client, and the connected
 * apps. Users without the WRITE_MCP permission see it all read-only.
 */
import { useState } from 'react';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { QueryState } from '../../components/query-state';
import { ConnectClientSection } from './connect-client-section';
import { ConnectedAppsSection } from './connected-apps-section';
import { McpServerSection } from './mcp-server-section';
import { useMcpServer } from './use-mcp-server';
import '../settings/settings.css';
import './mcp.css';

/** The MCP settings of `projectId`. */
export function McpSettings({ projectId }: { projectId: string }) {
  const { server, setStatus, rotate } = useMcpServer(projectId);
  const permissions = useProjectPermissions(projectId);
  const canWrite = permissions.can('WRITE_MCP');
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="mcp-settings">
      {permissions.isPending || canWrite ? null : (
        <div className="notice info" role="note">
          You can look at this project’s MCP server. Changing it takes a role with MCP write access: ask an
          admin of the project.
        </div>
      )}
      <QueryState query={server} label="Loading the MCP server">
        {(data) => (
          <>
            <McpServerSection
              server={data}
              actions={{ setStatus, rotate }}
              canWrite={canWrite}
              revealed={revealed}
              onToggleReveal={() => setRevealed((was) => !was)}
            />
            <ConnectClientSection serverUrl={data.serverUrl} token={data.token} revealed={revealed} />
          </>
        )}
      </QueryState>
      <ConnectedAppsSection projectId={projectId} canWrite={canWrite} />
    </div>
  );
}
