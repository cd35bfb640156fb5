/**
 * The public form and chat pages in Chromium, against a real server: a generated form (text,
 * toggle, file) checked before sending, submitted, its flow's markdown answer rendered and its run
 * holding the file; a file over the size limit refused with the limit named; a three-message chat
 * with an agent on the OpenAI-compatible stand-in whose earlier turn shows while the model's next
 * answer is held, kept across a reload; a failed chat answer retried; an Activepieces export with
 * the form trigger imported through the UI, its page URL shown in the builder, published and run
 * from its form; both pages axe-clean in light and dark and fitting 400 px.
 */
import { readFileSync } from 'node:fs';
import type { StepRequest, TriggerRequest } from '@piecework/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startOpenAIStandIn,
  type OpenAIStandIn,
  type StandInRequest,
} from '../../server/src/testing/openai-stand-in';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { chainOf, code } from '../../server/src/testing/features/flow-test-kit';
import {
  buildPageFlow,
  chatTrigger,
  formTrigger,
  respondOnUi,
} from '../../server/src/testing/features/human-input-test-kit';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let admin: SignedUpUser;
let page: Page;
let standIn: OpenAIStandIn;

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'Done.' }), { models: ['stand-in-model'] });
  // Files up to 1 MB: a larger one shows the refusal naming the limit.
  ui = await startUi({ env: { AP_SSRF_ALLOW_LIST: '127.0.0.1', AP_MAX_FILE_SIZE_MB: '1' } });
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

/** Visits `path` as someone without a session (the page is public). */
async function openPublic(path: string): Promise<void> {
  await page.goto(`${ui.url}/sign-in`);
  await page.evaluate('localStorage.clear()');
  await page.goto(`${ui.url}${path}`);
}

/**
 * Axe in the light and the dark theme, and the page at 400 px wide scrolls no sideways; with
 * `screenshot`, the light page is saved as `docs/ui/<screenshot>.png`.
 */
async function expectAccessibleAndNarrow(screenshot?: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe(colorScheme);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (screenshot !== undefined && colorScheme === 'light') await saveScreenshot(page, screenshot);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 400, height: 720 });
  try {
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

/** A published flow named `displayName`: `trigger`, then `steps` one after another. Answers its id. */
function pageFlow(displayName: string, trigger: TriggerRequest, steps: StepRequest[]): Promise<string> {
  return buildPageFlow(ui.server, admin.session.token, admin.projectId, trigger, [
    { type: 'CHANGE_NAME', request: { displayName } },
    ...chainOf(...steps),
  ]);
}

async function runsOf(flowId: string) {
  return (await admin.client.flowRuns.list({ projectId: admin.projectId, flowId: [flowId] })).data;
}

describe('the form page', () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = await pageFlow(
      'Join the club',
      formTrigger([
        { displayName: 'Name', type: 'text', required: true, description: 'As on your card' },
        { displayName: 'Subscribe', type: 'toggle', required: false },
        { displayName: 'CV', type: 'file', required: true },
        { displayName: 'Notes', type: 'text_area', required: false },
      ]),
      [
        code(
          'step_1',
          'return `**Welcome ${inputs.name}**\\n\\n- subscribed: ${inputs.subscribe}\\n- [the rules](https://example.com/rules)`;',
          { name: "{{trigger['output']['name']}}", subscribe: "{{trigger['output']['subscribe']}}" },
        ),
        respondOnUi('step_2', "{{step_1['output']}}"),
      ],
    );
  });

  it('stops an empty submission with accessible messages, then shows the flow’s markdown answer', async () => {
    await openPublic(`/forms/${flowId}?NAME=Ada`);
    await page.getByRole('heading', { name: 'Join the club' }).waitFor();
    // No app navigation on a public page.
    expect(await page.getByRole('navigation').count()).toBe(0);
    const name = page.getByLabel('Name');
    expect(await name.inputValue()).toBe('Ada');
    await name.fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter Name').waitFor();
    await page.getByText('Choose a file for CV').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    const description = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(description).toEqual(['As on your card', 'Enter Name']);
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(await name.getAttribute('id'));
    expect(await runsOf(flowId)).toEqual([]);
    await expectAccessibleAndNarrow();

    await name.fill('Ada');
    await page.getByRole('switch', { name: 'Subscribe' }).click();
    await page.getByLabel('CV').setInputFiles({
      name: 'cv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Ada Lovelace, analyst'),
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.locator('strong', { hasText: 'Welcome Ada' }).waitFor();
    await answer.getByRole('listitem').filter({ hasText: 'subscribed: true' }).waitFor();
    const link = answer.getByRole('link', { name: 'the rules' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await expectAccessibleAndNarrow('form-page');

    const [run] = await runsOf(flowId);
    expect(run).toBeDefined();
    const stored = await admin.client.flowRuns.get(run!.id);
    expect(stored.status).toBe('SUCCEEDED');
    const trigger = JSON.stringify(stored.steps?.['trigger']);
    expect(trigger).toContain('cv.txt');
    expect(trigger).toContain('"name":"Ada"');
    expect(ui.console.errors).toEqual([]);
  });

  it('says a file over the size limit was refused, naming the limit, and keeps the form', async () => {
    const before = (await runsOf(flowId)).length;
    ui.console.allow(/413/);
    await openPublic(`/forms/${flowId}`);
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('CV').setInputFiles({
      name: 'big.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(1024 * 1024 + 1, 1),
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The submission is too large: the limit is 1 MB.' })
      .waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Ada');
    expect(await page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    expect((await runsOf(flowId)).length).toBe(before);
    expect(ui.console.errors).toEqual([]);
  });

  it('routes any other address of a form page’s document to "not found"', async () => {
    await openPublic(`/forms/${flowId}`);
    await page.getByRole('heading', { name: 'Join the club' }).waitFor();
    await page.evaluate(
      "history.pushState(null, '', '/projects'); dispatchEvent(new PopStateEvent('popstate'))",
    );
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link').count()).toBe(0);
  });
});

describe('the chat page', () => {
  /** A published chat flow answering with an agent on the stand-in, as `botName`. */
  async function agentChatFlow(displayName: string, botName: string): Promise<string> {
    const providers = await admin.client.aiProviders.list();
    const provider =
      providers.find((each) => each.name === 'Chat stand-in') ??
      (await admin.client.aiProviders.create({
        provider: 'custom',
        displayName: 'Chat stand-in',
        config: {
          baseUrl: standIn.baseUrl,
          apiKeyHeader: 'Authorization',
          models: [{ modelId: 'stand-in-model', modelName: 'Stand-in model', modelType: 'text' }],
        },
        auth: { apiKey: standIn.apiKey },
      }));
    return pageFlow(displayName, chatTrigger(botName), [
      {
        name: 'step_1',
        displayName: 'Agent',
        type: 'PIECE',
        valid: true,
        settings: {
          pieceName: '@activepieces/piece-ai',
          pieceVersion: '0.1.0',
          actionName: 'run_agent',
          propertySettings: {},
          input: {
            prompt: "{{trigger['output']['message']}}",
            aiProviderModel: { provider: 'custom', model: 'stand-in-model', configId: provider.id },
            agentTools: [],
            maxSteps: 5,
            structuredOutput: [],
          },
        },
      },
      respondOnUi('step_2', "{{step_1['output']['structuredOutput']}}"),
    ]);
  }

  it('answers three messages, shows an agent turn while the next is held, and keeps the chat on reload', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = false;
    const promptOf = (request: StandInRequest) =>
      request.messages.find((message) => message.role === 'user')?.content ?? '';
    standIn.setScript(async (request) => {
      const prompt = promptOf(request);
      const finish = (output: string) => ({
        toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output } }],
      });
      if (!prompt.includes('second')) return finish(`Answer to “${prompt}”`);
      if (!request.messages.some((message) => message.role === 'tool')) {
        return {
          text: 'Checking the shelf.',
          toolCalls: [{ name: 'lookup_price', arguments: { product: 'tea' } }],
        };
      }
      holding = true;
      await held;
      return finish('Tea costs **4**.');
    });
    const flowId = await agentChatFlow('Tea shop', 'Shop bot');
    await openPublic(`/chats/${flowId}`);
    await page.getByRole('heading', { name: 'Tea shop' }).waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    const box = page.getByRole('textbox', { name: 'Message' });
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);

    await box.fill('first question');
    await box.press('Shift+Enter');
    expect(await box.inputValue()).toBe('first question\n');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Attach files' }).click(),
    ]);
    await chooser.setFiles([
      { name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('tea') },
      { name: 'extra.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
    ]);
    await page.getByRole('button', { name: 'Remove extra.txt' }).click();
    await page.getByRole('list', { name: 'Attached files' }).getByText('menu.txt').waitFor();
    expect(await page.getByText('extra.txt').count()).toBe(0);
    await box.press('Enter');
    await log.getByText('Answer to “first question”').waitFor();

    await box.fill('second question');
    await box.press('Enter');
    // The model's second answer is held: the agent's first turn is already on the page.
    await expect.poll(() => holding).toBe(true);
    await log.getByText('Checking the shelf.').waitFor();
    expect(await log.getByText('Tea costs').count()).toBe(0);
    await expectAccessibleAndNarrow();
    release();
    await log.locator('strong', { hasText: '4' }).waitFor();

    await box.fill('third question');
    await send.click();
    await log.getByText('Answer to “third question”').waitFor();
    const runs = await runsOf(flowId);
    expect(runs).toHaveLength(3);
    const chatIds = await Promise.all(
      runs.map(async (run) => {
        const trigger = (await admin.client.flowRuns.get(run.id)).steps?.['trigger'] as {
          output?: { chatId?: string };
        };
        return trigger.output?.chatId;
      }),
    );
    expect(new Set(chatIds).size).toBe(1);

    await page.reload();
    for (const text of [
      'first question',
      'Answer to “first question”',
      'second question',
      'third question',
      'Answer to “third question”',
    ]) {
      await log.getByText(text, { exact: true }).waitFor();
    }
    await log.locator('strong', { hasText: '4' }).waitFor();
    await expectAccessibleAndNarrow('chat-page');

    await page.getByRole('button', { name: 'New chat' }).click();
    await log.getByText('Send a message to start the conversation.').waitFor();
    expect(ui.console.errors).toEqual([]);
  });

  it('shows a failed answer inline, and a retry sends the message again', async () => {
    let failing = true;
    standIn.setScript(() =>
      failing
        ? { error: { status: 400, message: 'The model is overloaded', type: 'invalid_request_error' } }
        : { toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: 'Back again.' } }] },
    );
    const flowId = await agentChatFlow('Flaky shop', 'Flaky bot');
    await openPublic(`/chats/${flowId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await page.getByRole('textbox', { name: 'Message' }).fill('hello?');
    await page.getByRole('button', { name: 'Send' }).click();
    const failure = log.getByRole('alert');
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/overloaded|failed/i);
    failing = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await log.getByText('Back again.').waitFor();
    expect(await log.getByRole('alert').count()).toBe(0);
    expect(await log.getByText('hello?', { exact: true }).count()).toBe(1);
    expect(await runsOf(flowId)).toHaveLength(2);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('an exported Activepieces form flow', () => {
  it('imports through the UI, shows its form URL in the builder, publishes and runs from its form', async () => {
    const fixture = new URL(
      '../../shared/src/flows/import/fixtures/ap-skill-forms-code-steps-populated.json',
      import.meta.url,
    );
    await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/flows`);
    await page.getByRole('button', { name: 'Import flow' }).click();
    await page.getByLabel('Flow file (JSON)').setInputFiles({
      name: 'cvss.json',
      mimeType: 'application/json',
      buffer: readFileSync(fixture),
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported “CVSS to Exploitability calculator”').waitFor();
    const [imported] = (await admin.client.flows.list({ projectId: admin.projectId, name: 'CVSS' })).data;
    expect(imported).toBeDefined();
    const flowId = imported!.id;

    await page.goto(`${ui.url}/projects/${admin.projectId}/flows/${flowId}?step=trigger`);
    // The trigger's note shows the page under the instance's FRONTEND_URL.
    const frontendUrl = String((await admin.client.platform.flags())['FRONTEND_URL']);
    const formUrl = `${frontendUrl}forms/${flowId}`;
    await page.getByText(formUrl, { exact: true }).waitFor();
    await page.getByText(`${formUrl}?useDraft=true`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(async () => {
        const current = await admin.client.flows.get(flowId);
        return [current.status, current.publishedVersionId === current.version.id];
      })
      .toEqual(['ENABLED', true]);

    await openPublic(`/forms/${flowId}`);
    await page.getByRole('heading', { name: 'CVSS to Exploitability calculator' }).waitFor();
    await page.getByText('Version 4.0').waitFor();
    await page.getByLabel('CVSS vector string').fill('CVSS:4.0/AV:N/AC:L');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('region', { name: 'Answer' })
      .getByRole('heading', { name: /Critical \(4\)/ })
      .waitFor();
    const [run] = await runsOf(flowId);
    expect(run?.status).toBe('SUCCEEDED');
    expect(ui.console.errors).toEqual([]);
  });
});
