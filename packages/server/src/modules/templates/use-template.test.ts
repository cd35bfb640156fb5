/**
 * Using templates in projects, over HTTP on a real server: every official template creates its
 * flows (imported and validated) and tables (with rows); tables-piece steps are rewired when the
 * project already has a table with the same external id; a failure leaves nothing behind; and a
 * template built from a project's flows recreates the same flows and tables elsewhere.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAllSteps,
  type PopulatedFlow,
  type Table,
  type Template,
  type Trigger,
  type UseTemplateResponse,
} from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, flowsApi, webhookTrigger } from '../../testing/features/flow-test-kit';
import { listProjectTables, tableDefinitionOf } from '../tables/table-definitions';
import { OFFICIAL_TEMPLATES } from './official';
import { SIGNUPS_TO_TABLE } from './official/signups-to-table';
import { WEBHOOK_TO_HTTP } from './official/webhook-to-http';
import { TABLES_PIECE, tableExternalIdsOf } from './table-references';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
});
afterAll(() => server.close());

const ctx = () => server.server.context;

const call = <T>(method: string, path: string, body?: unknown) =>
  callApi<T>(server.apiUrl, method, path, { token: user.token, ...(body === undefined ? {} : { body }) });

async function freshProject(): Promise<string> {
  const answer = await call<{ id: string }>('POST', '/v1/projects', {
    displayName: `P ${String(Math.random())}`,
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function use(templateId: string, projectId: string, folderId?: string) {
  return call<UseTemplateResponse & { code?: string }>('POST', `/v1/templates/${templateId}/use`, {
    projectId,
    ...(folderId === undefined ? {} : { folderId }),
  });
}

async function used(templateId: string, projectId: string): Promise<UseTemplateResponse> {
  const answer = await use(templateId, projectId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function createTemplate(body: Record<string, unknown>): Promise<Template> {
  const answer = await call<Template>('POST', '/v1/templates', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** What a flow does, step by step, without ids and timestamps. */
function structureOf(trigger: Trigger) {
  return getAllSteps(trigger).map((step) => ({
    name: step.name,
    type: step.type,
    displayName: step.displayName,
    ...(step.type === 'PIECE' || step.type === 'PIECE_TRIGGER'
      ? {
          piece: step.settings.pieceName,
          operation: step.type === 'PIECE' ? step.settings.actionName : step.settings.triggerName,
          input: step.settings.input,
        }
      : {}),
    ...(step.type === 'CODE' ? { code: step.settings.sourceCode.code, input: step.settings.input } : {}),
  }));
}

async function projectState(projectId: string) {
  const flows = await ctx()
    .store.db.selectFrom('flow')
    .select('id')
    .where('projectId', '=', projectId)
    .execute();
  const tables = await listProjectTables(ctx(), projectId);
  return { flows: flows.length, tables: tables.map((table) => table.externalId) };
}

const rowsOf = async (table: Table) =>
  (await tableDefinitionOf(ctx(), table.id, { withData: true })).data?.rows ?? [];

function tableIdsOf(flows: readonly PopulatedFlow[]): string[] {
  return flows.flatMap((flow) => tableExternalIdsOf(flow.version.trigger));
}

describe('using an official template', () => {
  it.each(OFFICIAL_TEMPLATES.map((template) => [template.name, template] as const))(
    '%s creates its flows and tables in a fresh project',
    async (_, template) => {
      const projectId = await freshProject();
      const { flows, tables } = await used(template.id, projectId);
      expect(flows.map((flow) => flow.version.displayName)).toEqual(
        template.flows!.map((flow) => flow.displayName),
      );
      for (const [index, flow] of flows.entries()) {
        expect(flow).toMatchObject({ projectId, status: 'DISABLED', templateId: template.id });
        expect(structureOf(flow.version.trigger)).toEqual(structureOf(template.flows![index]!.trigger));
        const usesOnlyBuiltIns = !flow.version.trigger || !tableIdsOf([flow]).length;
        if (usesOnlyBuiltIns) expect(flow.version.valid, flow.version.displayName).toBe(true);
      }
      expect(tables.map((table) => table.externalId)).toEqual(
        (template.tables ?? []).map((t) => t.externalId),
      );
      for (const [index, table] of tables.entries()) {
        expect(table).toMatchObject({ projectId, name: template.tables![index]!.name });
        expect(await rowsOf(table)).toEqual(template.tables![index]!.data?.rows ?? []);
      }
      const fetched = await call<PopulatedFlow>('GET', `/v1/flows/${flows[0]!.id}`);
      expect(fetched.body.version).toEqual(flows[0]!.version);
    },
  );

  it('puts the flows in the folder asked for', async () => {
    const projectId = await freshProject();
    const folder = await call<{ id: string }>('POST', '/v1/folders', {
      projectId,
      displayName: 'From templates',
    });
    const answer = await use(WEBHOOK_TO_HTTP.id, projectId, folder.body.id);
    expect(answer.status).toBe(201);
    expect(answer.body.flows.map((flow) => flow.folderId)).toEqual([folder.body.id]);
  });
});

describe('tables-piece steps after using a template', () => {
  it('keep the external id when the project does not use it yet', async () => {
    const projectId = await freshProject();
    const { flows, tables } = await used(SIGNUPS_TO_TABLE.id, projectId);
    expect(tables.map((table) => table.externalId)).toEqual(['signups']);
    expect(tableIdsOf(flows)).toEqual(['signups', 'signups']);
  });

  it('are rewired to a fresh external id when the project already has that table', async () => {
    const projectId = await freshProject();
    const first = await used(SIGNUPS_TO_TABLE.id, projectId);
    const second = await used(SIGNUPS_TO_TABLE.id, projectId);
    const fresh = second.tables[0]!.externalId;
    expect(fresh).not.toBe('signups');
    // Both the action (create records) and the trigger (new record) name the new table.
    expect(tableIdsOf(second.flows)).toEqual([fresh, fresh]);
    const triggers = second.flows.map((flow) => flow.version.trigger);
    expect(
      triggers.filter((t) => t.type === 'PIECE_TRIGGER' && t.settings.pieceName === TABLES_PIECE),
    ).toHaveLength(1);
    expect(tableIdsOf(first.flows)).toEqual(['signups', 'signups']);
    expect((await projectState(projectId)).tables.sort()).toEqual([fresh, 'signups'].sort());
    expect(await rowsOf(second.tables[0]!)).toHaveLength(2);
  });
});

describe('all or nothing', () => {
  it('leaves no table behind when the flows cannot be created (a folder of another project)', async () => {
    const projectId = await freshProject();
    const otherProject = await freshProject();
    const folder = await call<{ id: string }>('POST', '/v1/folders', {
      projectId: otherProject,
      displayName: 'Theirs',
    });
    const before = await projectState(projectId);
    const answer = await use(SIGNUPS_TO_TABLE.id, projectId, folder.body.id);
    expect(answer.status).toBe(404);
    expect(await projectState(projectId)).toEqual(before);
  });

  it('leaves nothing behind when a later table is refused', async () => {
    const template = await createTemplate({
      name: 'Two tables, one broken',
      flows: SIGNUPS_TO_TABLE.flows,
      tables: [
        SIGNUPS_TO_TABLE.tables![0]!,
        {
          name: 'Broken',
          externalId: 'broken',
          fields: [{ name: 'Blob', type: 'BLOB', externalId: 'blob' }],
        },
      ],
    });
    const projectId = await freshProject();
    const before = await projectState(projectId);
    const answer = await use(template.id, projectId);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION');
    expect(await projectState(projectId)).toEqual(before);
  });

  it('answers 404 for an unknown template and creates nothing', async () => {
    const projectId = await freshProject();
    const before = await projectState(projectId);
    expect((await use('x'.repeat(21), projectId)).status).toBe(404);
    expect(await projectState(projectId)).toEqual(before);
  });
});

describe('a template from flows of a project', () => {
  it('recreates the same flows and tables, with rows, in another project', async () => {
    const source = await freshProject();
    const { flows } = await used(SIGNUPS_TO_TABLE.id, source);
    const answer = await call<Template>('POST', '/v1/templates/from-flows', {
      projectId: source,
      flowIds: flows.map((flow) => flow.id),
      name: 'Our sign-ups',
      type: 'CUSTOM',
      includeTableData: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const template = answer.body;
    expect(template).toMatchObject({ name: 'Our sign-ups', type: 'CUSTOM' });
    expect(template.pieces.sort()).toEqual(['@activepieces/piece-tables', '@activepieces/piece-webhook']);
    expect(template.tables!.map((table) => table.externalId)).toEqual(['signups']);
    expect(template.tables![0]!.data?.rows).toHaveLength(2);

    const target = await freshProject();
    const copy = await used(template.id, target);
    expect(copy.flows.map((flow) => structureOf(flow.version.trigger))).toEqual(
      flows.map((flow) => structureOf(flow.version.trigger)),
    );
    expect(await rowsOf(copy.tables[0]!)).toEqual(template.tables![0]!.data!.rows);
  });

  it('leaves table rows out unless asked, and never carries connections', async () => {
    const source = await freshProject();
    const api = flowsApi(server, user.token);
    const created = await api.createFlow(source, 'Calls a bank');
    const flow = await api.apply(
      created.id,
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      addAction({
        name: 'step_1',
        displayName: 'Call',
        type: 'PIECE',
        valid: true,
        settings: {
          pieceName: '@activepieces/piece-http',
          pieceVersion: '~0.9.1',
          actionName: 'send_request',
          propertySettings: {},
          input: { auth: "{{connections['bank']}}", method: 'GET', url: 'https://example.com' },
        },
      }),
    );
    const answer = await call<Template>('POST', '/v1/templates/from-flows', {
      projectId: source,
      flowIds: [flow.id],
      name: 'No secrets',
    });
    expect(answer.status).toBe(201);
    expect(JSON.stringify(answer.body)).not.toContain('connections');
    expect(answer.body.tables).toEqual([]);
  });

  it('answers 404 for a flow of another project, and creates no template', async () => {
    const source = await freshProject();
    const other = await freshProject();
    const { flows } = await used(WEBHOOK_TO_HTTP.id, other);
    const before = await ctx().store.db.selectFrom('template').select('id').execute();
    const answer = await call('POST', '/v1/templates/from-flows', {
      projectId: source,
      flowIds: [flows[0]!.id],
      name: 'Not mine',
    });
    expect(answer.status).toBe(404);
    expect(await ctx().store.db.selectFrom('template').select('id').execute()).toEqual(before);
  });
});

describe('a flow exported as a template', () => {
  it('is saved as a template as the export gives it, and used elsewhere with the same steps', async () => {
    const source = await freshProject();
    const [flow] = (await used(WEBHOOK_TO_HTTP.id, source)).flows;
    const exported = await call<Record<string, unknown>>('GET', `/v1/flows/${flow!.id}/template`);
    expect(exported.status).toBe(200);
    const template = await createTemplate(exported.body);
    expect(template).toMatchObject({ type: 'SHARED', pieces: WEBHOOK_TO_HTTP.pieces });
    const [copy] = (await used(template.id, await freshProject())).flows;
    expect(structureOf(copy!.version.trigger)).toEqual(structureOf(flow!.version.trigger));
  });
});

describe('a template exported by Activepieces', () => {
  it('is accepted as it is, and its flows import when it is used', async () => {
    const url = new URL(
      '../../../../shared/src/flows/import/fixtures/yossefamr-portfolio-contact-v23-continue-on-failure-branches.json',
      import.meta.url,
    );
    const exported = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
    const template = await createTemplate({ ...exported, type: 'SHARED' });
    const flows = exported['flows'] as { displayName: string }[];
    expect(template.flows!.map((flow) => flow.displayName)).toEqual(flows.map((flow) => flow.displayName));
    const projectId = await freshProject();
    const { flows: created } = await used(template.id, projectId);
    expect(created.map((flow) => flow.version.displayName)).toEqual(flows.map((flow) => flow.displayName));
    expect(JSON.stringify(created)).not.toContain("connections['");
  });
});
