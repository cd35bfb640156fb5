/**
 * Every page of the app, visited as a signed-in admin with real data behind it (a flow with steps,
 * a succeeded and a failed run, a test case saved from the failed one, a connection, a member, a pending MCP authorization, a table with
 * rows, an alert receiver, an event destination, a global connection, a form flow and a chat
 * flow, whose public pages are visited too): no serious or critical axe violation, in the light
 * and in the dark theme, no console error, and at 400 px wide (a narrow iframe) nothing wider than
 * the window but the canvas and tables, which scroll inside themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code, webhookTrigger } from '../../server/src/testing/features/flow-test-kit';
import {
  buildPageFlow,
  chatTrigger,
  formTrigger,
  respondOnUi,
} from '../../server/src/testing/features/human-input-test-kit';
import { pkcePair, registeredMcpClient, startAuthorization } from '../../server/src/testing/mcp-oauth-client';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;
const paths: [string, string][] = [];

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
  const { client, projectId } = user;
  const flow = await client.flows.create({ projectId, displayName: 'Every page' });
  await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  await client.flows.update(flow.id, {
    type: 'ADD_ACTION',
    request: {
      parentStep: 'trigger',
      action: code('step_1', 'return { ok: inputs.fail !== true ? 1 : 0 };'),
    },
  });
  await client.flows.update(flow.id, {
    type: 'ADD_ACTION',
    request: {
      parentStep: 'step_1',
      action: code('step_2', "if (inputs.n === 'fail') throw new Error('It failed on purpose'); return 2;", {
        n: "{{trigger['output'].body.n}}",
      }),
    },
  });
  await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  for (const n of ['ok', 'fail']) {
    await fetch(`${ui.url}/api/v1/webhooks/${flow.id}/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    });
  }
  const runs = (await client.flowRuns.list({ projectId })).data;
  const failed = runs.find((run) => run.status === 'FAILED');
  const succeeded = runs.find((run) => run.status === 'SUCCEEDED');
  if (failed === undefined || succeeded === undefined) throw new Error('the two runs did not end as planned');
  await client.flowTests.createFromRun(flow.id, { runId: failed.id, displayName: 'Every page failure' });
  const project = `/projects/${projectId}`;
  const mcpClient = await registeredMcpClient(ui.server, {
    redirect_uris: ['http://127.0.0.1:33418/callback'],
    client_name: 'Every page assistant',
  });
  const authRequestId = await startAuthorization(ui.server, mcpClient, pkcePair().challenge);
  const table = await client.tables.create({
    projectId,
    name: 'Every page table',
    fields: [
      { name: 'Name', type: 'TEXT' },
      { name: 'Age', type: 'NUMBER' },
      { name: 'Joined', type: 'DATE' },
      { name: 'Tier', type: 'STATIC_DROPDOWN', data: { options: [{ value: 'Gold' }] } },
    ],
  });
  const fields = await client.fields.list({ tableId: table.id });
  await client.records.create({
    tableId: table.id,
    records: [
      fields.map((field, index) => ({ fieldId: field.id, value: ['Ada', 36, '2024-05-01', 'Gold'][index] })),
    ],
  });
  await client.alerts.create({ projectId, channel: 'EMAIL', receiver: 'ops@example.com' });
  const destination = await client.eventDestinations.create({
    url: 'https://siem.example.com/piecework',
    events: ['flow.created'],
    displayName: 'Every page SIEM',
    enabled: false,
  });
  await client.globalConnections.upsert({
    externalId: 'every-page-shared',
    displayName: 'Every page shared',
    pieceName: '@activepieces/piece-http',
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'shared-secret' },
    projectIds: [projectId],
  });
  const { token } = user.session;
  const formFlowId = await buildPageFlow(
    ui.server,
    token,
    projectId,
    formTrigger([
      { displayName: 'Name', type: 'text', required: true, description: 'As on your card' },
      { displayName: 'Subscribe', type: 'toggle', required: false },
      { displayName: 'CV', type: 'file', required: false },
      { displayName: 'Age', type: 'number', required: false },
      { displayName: 'Notes', type: 'text_area', required: false },
    ]),
    [{ type: 'ADD_ACTION', request: { parentStep: 'trigger', action: respondOnUi('step_1', 'Thanks') } }],
  );
  const chatFlowId = await buildPageFlow(ui.server, token, projectId, chatTrigger('Every page bot'), [
    { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: respondOnUi('step_1', 'Hello') } },
  ]);
  paths.push(
    ['sign-in', '/sign-in'],
    ['sign-up', '/sign-up'],
    ['forgot password', '/forgot-password'],
    ['flows', `${project}/flows`],
    ['builder', `${project}/flows/${flow.id}`],
    ['builder with a step open', `${project}/flows/${flow.id}?step=step_1`],
    ['builder with the tests tab', `${project}/flows/${flow.id}?panel=tests`],
    ['runs', `${project}/runs`],
    ['stuck runs', `${project}/stuck-runs`],
    ['storage', `${project}/storage`],
    ['impact', `${project}/impact`],
    ['succeeded run', `${project}/runs/${succeeded.id}`],
    ['failed run', `${project}/runs/${failed.id}`],
    ['connections', `${project}/connections`],
    ['members', `${project}/members`],
    ['alerts', `${project}/alerts`],
    ['MCP', `${project}/mcp`],
    ['tables', `${project}/tables`],
    ['table', `${project}/tables/${table.id}`],
    ['templates', `${project}/templates`],
    ['releases', `${project}/releases`],
    ['git sync', `${project}/git-sync`],
    ['MCP consent', `/mcp-authorize?authRequestId=${encodeURIComponent(authRequestId)}`],
    ['account', '/account'],
    ['platform users', '/platform/users'],
    ['API keys', '/platform/api-keys'],
    ['audit log', '/platform/audit-log'],
    ['platform impact', '/platform/impact'],
    ['embedding', '/platform/embedding'],
    ['sign-in settings', '/platform/sign-in'],
    ['pieces', '/platform/pieces'],
    ['AI providers', '/platform/ai-providers'],
    ['global connections', '/platform/global-connections'],
    ['event destinations', '/platform/event-destinations'],
    ['event destination', `/platform/event-destinations/${destination.id}`],
    ['plan and license', '/platform/plan'],
    ['unknown page', `${project}/nothing-here`],
    ['form page', `/forms/${formFlowId}`],
    ['chat page', `/chats/${chatFlowId}`],
  );
});
afterAll(() => ui?.close());

/** Opens `path` signed in and waits until no request is pending and nothing is loading. */
async function visit(path: string): Promise<void> {
  if (path.startsWith('/sign') || path.startsWith('/forgot')) {
    await ui.page.evaluate('localStorage.clear()').catch(() => undefined);
    await ui.page.goto(`${ui.url}${path}`, { waitUntil: 'networkidle' });
  } else {
    await openSignedIn(ui.page, ui.url, user, path);
    await ui.page.waitForLoadState('networkidle');
  }
  await ui.page.locator('.loading').first().waitFor({ state: 'detached' });
  await ui.page.locator('h1, [aria-label="Flow canvas"]').first().waitFor({ state: 'visible' });
}

/** Two dozen pages, each loaded and checked: more than the default minute on a busy machine. */
const EVERY_PAGE_TIMEOUT = 180_000;

describe('every page', { timeout: EVERY_PAGE_TIMEOUT }, () => {
  it('has no serious accessibility violation and logs no error, at 1280x720', async () => {
    const found: string[] = [];
    for (const [name, path] of paths) {
      await visit(path);
      for (const violation of await seriousAxeViolations(ui.page)) found.push(`${name}: ${violation}`);
    }
    expect(found).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('in the dark theme (the OS prefers it), has no serious accessibility violation either', async () => {
    await ui.page.emulateMedia({ colorScheme: 'dark' });
    try {
      const found: string[] = [];
      for (const [name, path] of paths) {
        await visit(path);
        expect(await ui.page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
        for (const violation of await seriousAxeViolations(ui.page)) found.push(`${name}: ${violation}`);
        if (name === 'builder' || name === 'flows') await saveScreenshot(ui.page, `${name}-dark`);
      }
      expect(found).toEqual([]);
      expect(ui.console.errors).toEqual([]);
    } finally {
      await ui.page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('fits a 400 px wide window (a narrow iframe): no page scrolls sideways', async () => {
    await ui.page.setViewportSize({ width: 400, height: 720 });
    const wide: string[] = [];
    for (const [name, path] of paths) {
      await visit(path);
      const width = (await ui.page.evaluate('document.documentElement.scrollWidth')) as number;
      if (width > 400) wide.push(`${name}: ${String(width)} px`);
    }
    expect(wide).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});
