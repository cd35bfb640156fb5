/**
 * The opener of agent steps' toolboxes (the run runtime's `agentToolbox`): each tool of the step
 * becomes handles ready to call — a flow (`flow-agent-tool.ts`), every tool of an MCP server
 * (`mcp-agent-tool.ts`), a piece action (`piece-agent-tool.ts`) or a knowledge base search
 * (`knowledge-base-agent-tool.ts`). Names are made provider-safe (`agentToolName`; a knowledge
 * base is `search_<name>`) and unique (a repeated name gets `_2`, `_3`...). A tool that cannot be
 * opened (missing flow or table, unreachable MCP server...) fails the opening with its message,
 * after closing what was opened; errors of calls are thrown by each handle's `call`.
 */
import type { AgentTool } from '@piecework/shared';
import { agentToolName } from '@piecework/shared';
import type { RouteDefinition } from '../../../infrastructure/http/route';
import type { ServerContext } from '../../../server-context';
import type {
  AgentToolbox,
  AgentToolHandle,
  AgentToolScope,
  OpenAgentToolbox,
} from '../../../execution/agents/agent-toolbox';
import { openFlowTool } from './flow-agent-tool';
import { openKnowledgeBaseTool } from './knowledge-base-agent-tool';
import { openMcpTools } from './mcp-agent-tool';
import { openPieceTool } from './piece-agent-tool';

/**
 * The toolbox opener of a server over its context and API routes (the project's own MCP server
 * calls them). The server's run machinery gets it through its run services port, connected once
 * the context and routes exist (`composition/connect-run-services.ts`).
 */
export function agentToolboxOpener(ctx: ServerContext, routes: readonly RouteDefinition[]): OpenAgentToolbox {
  return async (scope, tools) => {
    const handles: AgentToolHandle[] = [];
    const closers: (() => Promise<void>)[] = [];
    const close = async () => {
      await Promise.allSettled(closers.map((closeOne) => closeOne()));
    };
    try {
      for (const tool of tools) handles.push(...(await openTool(ctx, routes, scope, tool, closers)));
    } catch (error) {
      await close();
      throw error;
    }
    const toolbox: AgentToolbox = { tools: uniqueNames(handles), close };
    return toolbox;
  };
}

async function openTool(
  ctx: ServerContext,
  routes: readonly RouteDefinition[],
  scope: AgentToolScope,
  tool: AgentTool,
  closers: (() => Promise<void>)[],
): Promise<AgentToolHandle[]> {
  switch (tool.type) {
    case 'FLOW':
      return [await openFlowTool(ctx, scope, tool, agentToolName(tool.toolName))];
    case 'PIECE':
      return [await openPieceTool(ctx, scope, tool, agentToolName(tool.toolName))];
    case 'KNOWLEDGE_BASE':
      return [await openKnowledgeBaseTool(ctx, scope, tool, agentToolName(`search_${tool.toolName}`))];
    case 'MCP': {
      const opened = await openMcpTools(ctx, routes, scope, tool);
      closers.push(opened.close);
      return opened.handles;
    }
  }
}

/** The handles with unique names: a repeated name gets `_2`, `_3`... (kept within 64 characters). */
function uniqueNames(handles: readonly AgentToolHandle[]): AgentToolHandle[] {
  const taken = new Set<string>();
  return handles.map((handle) => {
    let name = handle.name;
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = `${handle.name.slice(0, 64 - suffix.length)}${suffix}`;
    }
    taken.add(name);
    return name === handle.name ? handle : { ...handle, name };
  });
}
