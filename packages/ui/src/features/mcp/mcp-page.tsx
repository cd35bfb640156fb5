/**
 * `/projects/:projectId/mcp` (READ_MCP): the project's MCP server — its URL, on/off switch and
 * token, how to connect an MCP client, and the apps connected through OAuth.
 */
import { useProjectId } from '../../api/use-projects';
import { PageHeader } from '../../components/page-header';
import { McpSettings } from './mcp-settings';

/** The page of `/projects/:projectId/mcp`. */
export function Page() {
  const projectId = useProjectId();
  return (
    <section>
      <PageHeader
        title="MCP"
        description="Let AI assistants and other MCP clients use this project's flows, runs and connections."
      />
      <McpSettings projectId={projectId} />
    </section>
  );
}
