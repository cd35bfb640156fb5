/**
 * What the agent tests share: the body of a `custom` AI provider that points at the OpenAI
 * stand-in (and its creation through the API), an agent step, and a gate a stand-in script
 * waits on to hold a turn open.
 */
import type { CreateAIProviderRequest, StepRequest } from '@piecework/shared';
import { pieceAction } from './run-runtime-test-kit';
import { callApi } from '../call-api';
import type { OpenAIStandIn } from '../openai-stand-in';
import type { ApiServer } from '../test-server';

/** The `POST /v1/ai-providers` body of a `custom` provider answering through `standIn` (model `stand-in-model`). */
export function standInProvider(standIn: OpenAIStandIn): CreateAIProviderRequest {
  return {
    displayName: 'Stand-in',
    provider: 'custom',
    config: {
      apiKeyHeader: 'Authorization',
      baseUrl: standIn.baseUrl,
      models: [{ modelId: 'stand-in-model', modelName: 'Stand-in', modelType: 'text' }],
    },
    auth: { apiKey: standIn.apiKey },
  };
}

/** Creates {@link standInProvider} on the platform of the user of `token`; throws unless it is created. */
export async function createStandInProvider(
  server: ApiServer,
  token: string,
  standIn: OpenAIStandIn,
): Promise<void> {
  const created = await callApi(server.apiUrl, 'POST', '/v1/ai-providers', {
    token,
    body: standInProvider(standIn),
  });
  if (created.status !== 201) {
    throw new Error(
      `POST /v1/ai-providers answered ${String(created.status)}: ${JSON.stringify(created.body)}`,
    );
  }
}

/**
 * An agent step `step_1` asking the stand-in's model "What is 6 times 7?" for a number `answer`;
 * `input` overrides any input (another provider, tools, maxSteps...).
 */
export function agentStep(input: Record<string, unknown> = {}, name = 'step_1'): StepRequest {
  return pieceAction(name, '@activepieces/piece-ai', 'run_agent', {
    prompt: 'What is 6 times 7?',
    aiProviderModel: { provider: 'custom', model: 'stand-in-model' },
    structuredOutput: [{ displayName: 'answer', type: 'number' }],
    ...input,
  });
}

/** A gate: `opened` resolves once `open()` is called (a stand-in turn waits on it). */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
