import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FlowOperation,
  FlowValidationIssueCode,
  PopulatedFlow,
  StepRequest,
  TriggerRequest,
} from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { callWebhook, jsonBody, runRowsOf } from '../../testing/features/webhook-run-test-kit';
import {
  addAction,
  code,
  codeStep,
  expectStatus,
  flowEvents,
  flowsApi,
  routerStep,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';

let server: TestServer;
let user: TestUser;
let api: ReturnType<typeof flowsApi>;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  api = flowsApi(server, user.token);
});
afterAll(() => server.close());

const setTrigger = (trigger: TriggerRequest = webhookTrigger()): FlowOperation => ({
  type: 'UPDATE_TRIGGER',
  request: trigger,
});
const publish: FlowOperation = { type: 'LOCK_AND_PUBLISH', request: {} };

/** A trigger of an npm piece that is not built in, exported by Activepieces. */
function typeformTrigger(pieceVersion = '0.4.1'): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'New Submission',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-typeform',
      pieceVersion,
      triggerName: 'new_submission',
      propertySettings: {},
      input: {},
    },
  };
}

/** A code step with `source` as its whole code. */
function codeWithSource(name: string, source: string): StepRequest {
  const step = code(name, 'return 1;');
  return {
    ...step,
    settings: { ...step.settings, sourceCode: { code: source, packageJson: '{}' } },
  } as StepRequest;
}

async function flowWith(...operations: FlowOperation[]): Promise<PopulatedFlow> {
  const flow = await api.createFlow(user.projectId!);
  return api.apply(flow.id, setTrigger(), ...operations);
}

const codesOf = (flow: PopulatedFlow) =>
  (flow.version.validationIssues ?? []).map((issue) => [issue.stepName, issue.code]);

describe('checks at save', () => {
  it.each<[string, FlowOperation[], [string, FlowValidationIssueCode][]]>([
    [
      'the bracket dialect',
      [addAction(codeStep('step_1', { v: "{{trigger['body']['name']}}" }))],
      [['step_1', 'REFERENCE_MISSING_OUTPUT']],
    ],
    [
      'the bare dialect',
      [addAction(codeStep('step_1', { v: '{{trigger.body.name}}' }))],
      [['step_1', 'REFERENCE_MISSING_OUTPUT']],
    ],
    [
      'a typo in a step name',
      [addAction(codeStep('step_1', { v: '{{step_9.x}}' }))],
      [['step_1', 'REFERENCE_UNKNOWN_STEP']],
    ],
    [
      'a router reading a later step',
      [
        addAction(codeStep('step_2')),
        addAction(
          routerStep('step_1', 'Yes', { operator: 'BOOLEAN_IS_TRUE', firstValue: "{{step_2['output'].ok}}" }),
        ),
      ],
      [['step_1', 'REFERENCE_NOT_IN_SCOPE']],
    ],
    ['code that does not parse', [addAction(code('step_1', 'return {;'))], [['step_1', 'CODE_SYNTAX_ERROR']]],
    [
      'the NESTED dialect and good code',
      [addAction(codeStep('step_1', { v: "{{trigger['output'].body.name}}" }))],
      [],
    ],
  ])('%s', async (_, operations, expected) => {
    const flow = await flowWith(...operations);
    expect(codesOf(flow)).toEqual(expected);
    expect(flow.version.valid).toBe(expected.length === 0);
    expect(flow.version.trigger.nextAction?.valid).toBe(expected.length === 0);
  });

  it.each([
    ['a member access with no name', 'export const code = async (inputs) => { return inputs.; };', 1, 55],
    [
      'an unclosed block on a later line',
      'export const code = async () => {\n  if (true) {\n    return 1;\n};',
      4,
      3,
    ],
    ['a type annotation gone wrong', 'export const code = async (inputs: ) => inputs;', 1, 36],
  ])('saves %s invalid, naming its line and column', async (_, source, line, column) => {
    const flow = await flowWith(addAction(codeWithSource('step_1', source)));
    expect(flow.version.valid).toBe(false);
    const [issue] = flow.version.validationIssues ?? [];
    expect(issue).toMatchObject({ stepName: 'step_1', code: 'CODE_SYNTAX_ERROR', params: { line, column } });
    expect(issue?.message).toContain(`line ${String(line)}, column ${String(column)}`);
  });

  it('refuses to publish, naming each step and what to write instead; the fix makes it valid', async () => {
    const flow = await flowWith(addAction(codeStep('step_1', { v: "{{trigger['body']['name']}}" })));
    const refused = await api.operate(flow.id, publish);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION',
      params: {
        invalidSteps: ['step_1'],
        issues: [{ stepName: 'step_1', code: 'REFERENCE_MISSING_OUTPUT' }],
        message: expect.stringContaining("write {{trigger['output']['body']['name']}} instead") as string,
      },
    });
    const fixed = await api.apply(flow.id, {
      type: 'UPDATE_ACTION',
      request: codeStep('step_1', { v: "{{trigger['output']['body']['name']}}" }),
    });
    expect(fixed.version).toMatchObject({ valid: true, validationIssues: [] });
    expect((await api.apply(flow.id, publish)).publishedVersionId).toBe(fixed.version.id);
  });

  it('an imported flow gets the same checks (old dialect upgraded, unknown piece named)', async () => {
    const flow = await api.createFlow(user.projectId!);
    const imported = await api.apply(flow.id, {
      type: 'IMPORT_FLOW',
      request: {
        displayName: 'Imported',
        schemaVersion: '16',
        trigger: {
          ...typeformTrigger(),
          nextAction: { ...codeStep('step_1', { v: '{{trigger.body.name}}' }), lastUpdatedDate: 'x' },
        } as never,
      },
    });
    expect(codesOf(imported)).toEqual([['trigger', 'PIECE_NOT_INSTALLED']]);
    expect(imported.version.validationIssues![0]!.message).toContain(
      'piecework pieces add @activepieces/piece-typeform@0.4.1',
    );
    const refused = await api.operate(flow.id, publish);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('piecework pieces add @activepieces/piece-typeform@0.4.1');
  });

  it('a piece installed under the pieces directory is valid', async () => {
    const moduleDir = join(
      server.dataDir,
      'pieces',
      '@activepieces__piece-typeform@0.4.2',
      'node_modules',
      '@activepieces/piece-typeform',
    );
    mkdirSync(moduleDir, { recursive: true });
    writeFileSync(
      join(moduleDir, 'package.json'),
      JSON.stringify({ name: '@activepieces/piece-typeform', version: '0.4.2' }),
    );
    const flow = await api.createFlow(user.projectId!);
    const saved = await api.apply(flow.id, setTrigger(typeformTrigger('0.4.2')));
    expect(saved.version).toMatchObject({ valid: true, validationIssues: [] });
  });
});

describe('code step source', () => {
  it.each<[string, string, Record<string, unknown>]>([
    [
      'over 256 KB',
      `export const code = async () => '${'x'.repeat(300 * 1024)}';`,
      { field: 'code', limitBytes: 262144 },
    ],
    ['with a NUL', 'export const code = async () => 1;\u0000', { field: 'code' }],
    ['with a lone surrogate', 'export const code = async () => "\uD800";', { field: 'code' }],
  ])('refuses code %s (400, naming the step) and saves nothing', async (_, source, params) => {
    const flow = await flowWith(addAction(codeStep('step_1')));
    const answer = await api.operate(flow.id, {
      type: 'UPDATE_ACTION',
      request: codeWithSource('step_1', source),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'FLOW_OPERATION_INVALID',
      params: { stepName: 'step_1', ...params },
    });
    expect(expectStatus(await api.get(flow.id), 200)).toEqual(flow);
  });

  it('keeps flow.updated events small: long code is summarised, not copied', async () => {
    const source = `export const code = async () => '${'y'.repeat(100 * 1024)}';`;
    const flow = await flowWith(addAction(codeWithSource('step_1', source)));
    expect(flow.version.valid).toBe(true);
    const [added] = (await flowEvents(server, user.platformId, flow.id, 'flow.updated')).filter(
      (event) => (event.data.request as FlowOperation).type === 'ADD_ACTION',
    );
    expect(JSON.stringify(added!.data).length).toBeLessThan(4096);
    expect(JSON.stringify(added!.data)).toContain(`(not copied: ${String(Buffer.byteLength(source))} bytes)`);
  });
});

describe('webhooks of a flow whose trigger piece is not installed', () => {
  it('answer 404 naming the piece and start no run', async () => {
    const flow = await api.apply((await flowWith()).id, publish);
    // A version published before these checks (or whose piece was removed since).
    await server.server.context.store.write((trx) =>
      trx
        .updateTable('flowVersion')
        .set({ trigger: JSON.stringify({ ...typeformTrigger(), lastUpdatedDate: flow.updated }) })
        .where('id', '=', flow.publishedVersionId!)
        .execute(),
    );
    const response = await callWebhook(server, flow.id, '', jsonBody({ name: 'Ada' }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: {
        entityType: 'piece',
        message: expect.stringContaining('piecework pieces add @activepieces/piece-typeform@0.4.1') as string,
      },
    });
    expect(await runRowsOf(server, flow.id)).toEqual([]);
  });
});
