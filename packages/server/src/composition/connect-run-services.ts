/**
 * The stage that closes the one cycle of the server's assembly: once the context and routes
 * exist, the run machinery's port (`run-services.ts`) is connected to the agent toolbox over them.
 */
import type { RouteDefinition } from '../infrastructure/http/route';
import { agentToolboxOpener } from '../modules/agents/tools/open-agent-toolbox';
import type { ServerContext } from '../server-context';
import type { RunServices } from './run-services';

/** Connects `services` to the toolbox opener over `context` and `routes` (the project's own MCP server calls them). */
export function connectRunServices(
  services: RunServices,
  context: ServerContext,
  routes: readonly RouteDefinition[],
): void {
  services.connect({ agentToolbox: agentToolboxOpener(context, routes) });
}
