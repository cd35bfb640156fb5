import { AGENT_DEFAULT_MAX_STEPS, RUN_AGENT_ACTION } from '@piecework/shared';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { agentStepOutputOf, agentStepRequestOf } from './agent-step-request';

/**
 * `run_agent`: an agent step. On its first run it checks its inputs and pauses the run until the
 * server has run the agent (outside the engine: see `docs/agents.md`); resumed, it outputs the
 * agent's result (`prompt`, `steps`, `status`, `structuredOutput`, `turns`, `usage`), or fails
 * with the reason the agent could not run (provider error, timeout...).
 */
export const runAgent = createAction({
  name: RUN_AGENT_ACTION,
  displayName: 'Run Agent',
  description: 'Handles complex tasks, uses tools and answers with structured output',
  props: {
    prompt: Property.LongText({
      displayName: 'Prompt',
      description: 'Describe what you want the assistant to do.',
      required: true,
    }),
    aiProviderModel: Property.Object({
      displayName: 'AI Model',
      description: 'The provider and model the agent uses: {provider, model, configId?}',
      required: true,
    }),
    agentTools: Property.Array({
      displayName: 'Agent Tools',
      required: false,
      properties: {},
    }),
    structuredOutput: Property.Array({
      displayName: 'Structured Output',
      required: false,
      properties: {
        displayName: Property.ShortText({ displayName: 'Name', required: true }),
        description: Property.ShortText({ displayName: 'Description', required: false }),
        type: Property.StaticDropdown({
          displayName: 'Type',
          required: true,
          defaultValue: 'text',
          options: {
            options: [
              { label: 'Text', value: 'text' },
              { label: 'Number', value: 'number' },
              { label: 'Yes/No', value: 'boolean' },
            ],
          },
        }),
      },
    }),
    maxSteps: Property.Number({
      displayName: 'Max steps',
      description: 'The number of interactions the agent can have with the model (at most 50)',
      required: false,
      defaultValue: AGENT_DEFAULT_MAX_STEPS,
    }),
  },
  async run(ctx) {
    if (ctx.executionType === 'RESUME') return agentStepOutputOf(ctx.resumePayload.body);
    ctx.run.waitForAgent(agentStepRequestOf(ctx.propsValue));
    return {};
  },
});
