/**
 * The fixtures of the agent-run endpoints. One real agent run of platform A is made once, through
 * a published flow whose agent step names a provider the platform has not configured (Anthropic):
 * the flow run pauses, its agent run starts and fails at once, asking no outside service. The
 * fixture waits for it to end, so nothing writes while a refused call is checked.
 */
import { addAction, flowsApi, webhookTrigger } from '../../../testing/features/flow-test-kit';
import { agentStep } from '../../../testing/features/agent-test-kit';
import { name, type Fixture, type World } from './world';

/** Makes a flow run with an agent step and answers the id of its agent run once it ended. */
async function makeAgentRun(world: World): Promise<string> {
  const flows = flowsApi(world.server, world.admin.token);
  const flow = await flows.createFlow(world.projectId, name('Agent flow'));
  await flows.apply(
    flow.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    addAction(agentStep({ aiProviderModel: { provider: 'anthropic', model: 'claude-sonnet-4-5' } })),
    { type: 'LOCK_AND_PUBLISH', request: {} },
  );
  const webhook = await fetch(`${world.server.apiUrl}/v1/webhooks/${flow.id}`, {
    method: 'POST',
    body: '{}',
  });
  const runId = webhook.headers.get('x-webhook-id') ?? '';
  const db = world.server.server.context.store.db;
  for (let attempt = 0; attempt < 500; attempt++) {
    const agentRun = await db
      .selectFrom('agentRun')
      .select(['id', 'status'])
      .where('flowRunId', '=', runId)
      .executeTakeFirst();
    const run = await db.selectFrom('flowRun').select('status').where('id', '=', runId).executeTakeFirst();
    if (agentRun !== undefined && agentRun.status === 'FAILED' && run?.status === 'FAILED')
      return agentRun.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the agent run of flow run ${runId} did not fail in 10 s`);
}

/** The one agent run the fixtures share. */
let shared: Promise<string> | undefined;
const agentRunId = (world: World) => (shared ??= makeAgentRun(world));

/** One row per endpoint (`area.name`): how to call it. */
export const AGENT_RUN_FIXTURES: Record<string, Fixture> = {
  'agentRuns.list': async (w) => {
    await agentRunId(w);
    return { query: { projectId: w.projectId } };
  },
  'agentRuns.get': async (w) => ({ params: { id: await agentRunId(w) } }),
};
