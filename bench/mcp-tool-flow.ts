/**
 * The flow the MCP bench calls: MCP Tool trigger `add_one` (one Number parameter `n`, waiting for
 * the response) -> a code step adding 1 -> Reply to MCP Client `{n}`; published through the API.
 */
import { code } from '../packages/server/src/testing/features/flow-test-kit';
import { mcpToolTrigger, replyToMcpClient } from '../packages/server/src/testing/features/mcp-test-kit';
import { callJson } from './http-load';

/** Creates and publishes the flow in the user's project; answers its id. */
export async function publishMcpToolFlow(
  origin: string,
  user: { token: string; projectId: string },
): Promise<string> {
  const flow = await callJson<{ id: string }>(origin, 'POST', '/v1/flows', user.token, {
    displayName: 'MCP bench',
    projectId: user.projectId,
  });
  const trigger = mcpToolTrigger({
    toolName: 'add_one',
    toolDescription: 'Adds one to n',
    inputSchema: [{ name: 'n', type: 'Number', required: true }],
    returnsResponse: true,
  });
  const operations = [
    { type: 'UPDATE_TRIGGER', request: trigger },
    {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'trigger',
        action: code('step_1', 'return { n: Number(inputs.n) + 1 };', { n: "{{trigger['output'].n}}" }),
      },
    },
    {
      type: 'ADD_ACTION',
      request: { parentStep: 'step_1', action: replyToMcpClient('step_2', { n: "{{step_1['output'].n}}" }) },
    },
    { type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } },
  ];
  for (const operation of operations) {
    await callJson(origin, 'POST', `/v1/flows/${flow.id}`, user.token, operation);
  }
  return flow.id;
}
