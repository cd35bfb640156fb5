/**
 * Agents in Chromium: a platform admin adds an OpenAI-compatible (`custom`) provider pointing at
 * the provider stand-in, sees it listed without its key and toggles web search; in the builder an
 * agent step gets its model, prompt, a structured-output field and a knowledge-base tool, and the
 * saved draft has that input; the run page of a finished agent run shows its turns and tool
 * calls. The server may reach the stand-in on loopback (`AP_SSRF_ALLOW_LIST`).
 */
import type { AgentTool, PopulatedFlow, StepRequest } from '@piecework/shared';
import { findStep } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startOpenAIStandIn, type OpenAIStandIn } from '../../server/src/testing/openai-stand-in';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { createWebhookFlow, fireWebhook, waitForRun } from './support/flow-fixtures';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let admin: SignedUpUser;
let page: Page;
let standIn: OpenAIStandIn;

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'Done.' }), { models: ['stand-in-model'] });
  ui = await startUi({ env: { AP_SSRF_ALLOW_LIST: '127.0.0.1' } });
  // Pieces' logos live on the internet; the test machine is offline.
  await ui.context.route(/^https:\/\//, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  admin = await signUpThroughApi(ui.url);
  page = ui.page;
});
afterAll(async () => {
  await ui?.close();
  await standIn?.close();
});
beforeEach(() => {
  ui.console.errors.length = 0;
});

/** The stand-in as a `custom` provider of the admin's platform, through the API. */
async function standInProvider(displayName: string) {
  const existing = (await admin.client.aiProviders.list()).find((provider) => provider.name === displayName);
  if (existing !== undefined) return existing;
  return admin.client.aiProviders.create({
    provider: 'custom',
    displayName,
    config: {
      baseUrl: standIn.baseUrl,
      apiKeyHeader: 'Authorization',
      models: [{ modelId: 'stand-in-model', modelName: 'Stand-in model', modelType: 'text' }],
    },
    auth: { apiKey: standIn.apiKey },
  });
}

/** An agent step named `name` with `input` (`@activepieces/piece-ai`'s `run_agent`). */
function agentStep(name: string, input: Record<string, unknown>, valid = false): StepRequest {
  return {
    name,
    displayName: 'Agent',
    type: 'PIECE',
    valid,
    settings: {
      pieceName: '@activepieces/piece-ai',
      pieceVersion: '0.1.0',
      actionName: 'run_agent',
      propertySettings: {},
      input,
    },
  };
}

it('lets an admin add a custom provider, never shows its key, and toggles web search', async () => {
  await openSignedIn(page, ui.url, admin, '/platform/ai-providers');
  await page
    .getByRole('navigation', { name: 'Platform' })
    .getByRole('link', { name: 'AI providers' })
    .waitFor();
  await page.getByText('No AI provider yet').waitFor();
  await page.getByRole('button', { name: 'Add AI provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add AI provider' });
  await pickOption(dialog.getByLabel('Provider'), 'OpenAI-compatible (custom)');
  await dialog.getByLabel('Name').fill('Local models');
  // Nothing is sent while a required field is missing.
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByText('Enter the API key.').waitFor();
  await dialog.getByLabel(/^API key( \*)?$/).fill(standIn.apiKey);
  await dialog.getByLabel('Base URL').fill(standIn.baseUrl);
  await dialog.getByLabel('Models').fill('stand-in-model | Stand-in model');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });

  const row = page.getByRole('row').filter({ hasText: 'Local models' });
  await row.getByRole('cell', { name: 'OpenAI-compatible (custom)' }).waitFor();
  await row.getByRole('cell', { name: 'Stand-in model' }).waitFor();
  expect(await page.content()).not.toContain(standIn.apiKey);
  const [stored] = await admin.client.aiProviders.list();
  expect(stored).toMatchObject({ name: 'Local models', provider: 'custom' });
  expect(JSON.stringify(stored)).not.toContain(standIn.apiKey);

  // Editing with the key left blank keeps it: the models are still listed by the provider.
  await row.getByRole('button', { name: 'Edit Local models' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Local models' });
  expect(await edit.getByLabel(/^API key( \*)?$/).inputValue()).toBe('');
  await edit.getByLabel('Name').fill('Local stand-in');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: 'Local stand-in' }).waitFor();
  expect(await admin.client.aiProviders.listModels({ provider: 'custom' })).toEqual([
    { id: 'stand-in-model', name: 'Stand-in model', type: 'text' },
  ]);

  const webSearch = page.getByRole('switch', { name: 'Let agents search the web' });
  expect(await webSearch.getAttribute('aria-checked')).toBe('false');
  await webSearch.click();
  await expect.poll(() => webSearch.getAttribute('aria-checked')).toBe('true');
  await expect.poll(async () => (await admin.client.aiProviders.getWebSearch()).enabled).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'ai-providers');
  expect(ui.console.errors).toEqual([]);
});

it('edits an agent step: model, prompt, a structured-output field and a knowledge-base tool', async () => {
  const provider = await standInProvider('Local stand-in');
  const table = await admin.client.tables.create({ projectId: admin.projectId, name: 'Products' });
  const flow: PopulatedFlow = await createWebhookFlow(admin, 'Agent settings', { steps: [] });
  await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/flows/${flow.id}`);
  // The agent step comes from the piece picker, like any piece action.
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Add a step after trigger' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a step' });
  await picker.getByRole('searchbox', { name: 'Search pieces' }).fill('agent');
  await picker.getByRole('button', { name: 'AI', exact: true }).click();
  await picker.getByRole('button', { name: /^Run Agent/ }).click();
  await picker.waitFor({ state: 'detached' });
  await page
    .getByRole('button', { name: /Run Agent|AI|Agent/ })
    .filter({ hasText: 'step_1' })
    .first()
    .click();
  const panel = page.getByRole('complementary', { name: /^Settings of/ });
  await pickOption(panel.getByLabel('AI provider'), 'Local stand-in (OpenAI-compatible (custom))');
  await pickOption(panel.getByLabel('Model'), 'Stand-in model');
  await panel.getByLabel('Prompt').fill("Find the price of {{trigger['output'].body.product}}");
  await panel.getByText('at most 50 turns run').waitFor();
  await panel.getByLabel('Max steps').fill('5');

  await panel.getByRole('button', { name: 'Add field' }).click();
  await panel.getByLabel('Name of output field 1').fill('price');
  await panel.getByLabel('Description of output field 1').fill('In euros');
  await pickOption(panel.getByLabel('Type of output field 1'), 'Number');

  await panel.getByRole('button', { name: 'Add tool' }).click();
  await page.getByRole('menuitem', { name: 'Knowledge base' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a knowledge base' });
  await pickOption(dialog.getByLabel('Table'), 'Products');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await panel.getByText('search_Products').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'agent-step-settings');

  const expectedTool: AgentTool = {
    type: 'KNOWLEDGE_BASE',
    toolName: 'search_Products',
    sourceType: 'TABLE',
    sourceId: table.id,
    sourceName: 'Products',
  };
  await expect
    .poll(async () => {
      const step = findStep((await admin.client.flows.get(flow.id)).version, 'step_1');
      return { valid: step?.valid, input: (step?.settings as { input?: unknown } | undefined)?.input };
    })
    .toEqual({
      valid: true,
      input: {
        prompt: "Find the price of {{trigger['output'].body.product}}",
        aiProviderModel: { provider: 'custom', model: 'stand-in-model', configId: provider.id },
        agentTools: [expectedTool],
        maxSteps: 5,
        structuredOutput: [{ displayName: 'price', description: 'In euros', type: 'number' }],
      },
    });
  expect(ui.console.errors).toEqual([]);
});

it('shows the turns and tool calls of a finished agent run', async () => {
  const provider = await standInProvider('Local stand-in');
  // Turn 1 calls a tool the step does not have (its failure is recorded as the call's output),
  // turn 2 ends the task with the structured output.
  standIn.setScript((_request, index) =>
    index === 0
      ? {
          text: 'Let me look that up.',
          toolCalls: [{ name: 'lookup_price', arguments: { product: 'tea' } }],
          usage: { prompt_tokens: 30, completion_tokens: 5 },
        }
      : {
          text: 'Tea costs 4.',
          toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { price: 4 } } }],
          usage: { prompt_tokens: 50, completion_tokens: 7 },
        },
  );
  const flow = await createWebhookFlow(admin, 'Agent run', {
    steps: [
      agentStep(
        'step_1',
        {
          prompt: 'What does tea cost?',
          aiProviderModel: { provider: 'custom', model: 'stand-in-model', configId: provider.id },
          agentTools: [],
          maxSteps: 5,
          structuredOutput: [{ displayName: 'price', type: 'number' }],
        },
        true,
      ),
    ],
    publish: true,
  });
  const runId = await fireWebhook(ui.url, flow.id, {});
  const run = await waitForRun(admin, runId, undefined, 30_000);
  expect(run.status).toBe('SUCCEEDED');

  await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/runs/${runId}`);
  await page.getByRole('button', { name: /Agent/ }).first().click();
  const result = page.getByRole('region', { name: 'Agent run of Agent' });
  await result.getByText('2 turns · 92 tokens (80 in, 12 out)').waitFor();
  await result.getByRole('heading', { name: /^Turn 1 · tool_calls · 35 tokens/ }).waitFor();
  await result.getByRole('heading', { name: /^Turn 2/ }).waitFor();
  await result.getByText('Let me look that up.').waitFor();
  await result.getByText('Tool call lookup_price (failed)').click();
  await result.getByLabel('Input of tool call lookup_price').getByText('"product": "tea"').waitFor();
  await result.getByRole('heading', { name: 'Structured output' }).waitFor();
  await result.getByText('"price": 4').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'agent-run');
  expect(ui.console.errors).toEqual([]);
});

/** A published flow with one agent step (no tool, no structured output) on the stand-in. */
async function publishedAgentFlow(displayName: string): Promise<PopulatedFlow> {
  const provider = await standInProvider('Local stand-in');
  return createWebhookFlow(admin, displayName, {
    steps: [
      agentStep(
        'step_1',
        {
          prompt: 'What does tea cost?',
          aiProviderModel: { provider: 'custom', model: 'stand-in-model', configId: provider.id },
          agentTools: [],
          maxSteps: 5,
          structuredOutput: [],
        },
        true,
      ),
    ],
    publish: true,
  });
}

it('shows a running agent’s turns as they end, then its result', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const first = standIn.requests.length;
  standIn.setScript(async (_request, index) => {
    if (index === first) {
      return {
        text: 'Checking the shelf.',
        toolCalls: [{ name: 'lookup_price', arguments: { product: 'tea' } }],
      };
    }
    await held;
    return {
      toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: 'Tea costs 4.' } }],
    };
  });
  const flow = await publishedAgentFlow('Agent running');
  const runId = await fireWebhook(ui.url, flow.id, {});
  await waitForRun(admin, runId, (run) => run.status === 'PAUSED');

  await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/runs/${runId}`);
  await page.getByRole('button', { name: /Agent/ }).first().click();
  await page.getByText('The agent is working: its turns appear as they end.').waitFor();
  const result = page.getByRole('region', { name: 'Agent run of Agent' });
  // Turn 1 ended while turn 2 waits for the provider: the page reads it from the agent run.
  await result.getByText('Checking the shelf.').waitFor();
  await result
    .getByText('Tool call lookup_price (running)')
    .or(result.getByText('Tool call lookup_price (failed)'))
    .waitFor();
  release();
  await page.getByText('Agent: Completed').waitFor({ timeout: 20_000 });
  await result.getByRole('heading', { name: /^Turn 2/ }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});

it('shows why an agent failed', async () => {
  standIn.setScript(() => ({
    error: { status: 400, message: 'The model is overloaded', type: 'invalid_request_error' },
  }));
  const flow = await publishedAgentFlow('Agent failing');
  const runId = await fireWebhook(ui.url, flow.id, {});
  const run = await waitForRun(admin, runId, undefined, 30_000);
  expect(run.status).toBe('FAILED');

  await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/runs/${runId}`);
  // The failed step is selected: its error, and the agent's record (no turn ended).
  await page.getByText('The model is overloaded').first().waitFor();
  await page.getByRole('region', { name: 'Agent run of Agent' }).getByText('No turn yet.').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(ui.console.errors).toEqual([]);
});
