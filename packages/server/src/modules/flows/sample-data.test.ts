import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowOperation, PopulatedFlow, SampleDataSettings } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  addAction,
  codeStep,
  expectStatus,
  flowEvents,
  flowsApi,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';

let server: TestServer;
let user: TestUser;
let api: ReturnType<typeof flowsApi>;

beforeAll(async () => {
  server = await startTestServer({ AP_MAX_FILE_SIZE_MB: '1' });
  user = await signUpTestUser(server);
  api = flowsApi(server, user.token);
});
afterAll(() => server.close());

const save = (stepName: string, type: 'INPUT' | 'OUTPUT', payload: unknown): FlowOperation => ({
  type: 'SAVE_SAMPLE_DATA',
  request: { stepName, type, payload },
});

function sampleDataOf(flow: PopulatedFlow, stepName: string): SampleDataSettings | undefined {
  const find = (step: unknown): unknown => {
    const node = step as { name: string; nextAction?: unknown } | undefined;
    if (node === undefined || node === null) return undefined;
    return node.name === stepName ? node : find(node.nextAction);
  };
  return (find(flow.version.trigger) as { settings: { sampleData?: SampleDataSettings } }).settings
    .sampleData;
}

async function fileRow(id: string) {
  return server.server.context.store.db
    .selectFrom('file')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

async function flowWithStep(): Promise<PopulatedFlow> {
  const flow = await api.createFlow(user.projectId!);
  return api.apply(
    flow.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    addAction(codeStep('step_1')),
  );
}

describe('SAVE_SAMPLE_DATA', () => {
  it('stores OUTPUT and INPUT as files of the project and points the step at both', async () => {
    const flow = await flowWithStep();
    const withOutput = await api.apply(flow.id, save('step_1', 'OUTPUT', { ok: true, name: 'Zoë' }));
    const outputId = sampleDataOf(withOutput, 'step_1')?.sampleDataFileId;
    const withBoth = await api.apply(flow.id, save('step_1', 'INPUT', [1, 2, 3]));
    const sampleData = sampleDataOf(withBoth, 'step_1');
    expect(sampleData?.sampleDataFileId).toBe(outputId);
    const inputId = sampleData?.sampleDataInputFileId;
    expect(await fileRow(outputId!)).toMatchObject({
      projectId: user.projectId,
      type: 'SAMPLE_DATA',
      data: '{"ok":true,"name":"Zoë"}',
      size: 25,
    });
    expect(await fileRow(inputId!)).toMatchObject({ type: 'SAMPLE_DATA_INPUT', data: '[1,2,3]', size: 7 });
    const events = await flowEvents(server, user.platformId, flow.id, 'flow.updated');
    expect(events.at(-1)?.data).toMatchObject({ request: save('step_1', 'INPUT', [1, 2, 3]) });
  });

  it('keeps sample data through later edits, and deletes a replaced file', async () => {
    const flow = await flowWithStep();
    const first = sampleDataOf(await api.apply(flow.id, save('trigger', 'OUTPUT', { n: 1 })), 'trigger');
    const edited = await api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger({ x: 1 }) });
    expect(sampleDataOf(edited, 'trigger')).toEqual(first);
    const second = sampleDataOf(await api.apply(flow.id, save('trigger', 'OUTPUT', { n: 2 })), 'trigger');
    expect(second?.sampleDataFileId).not.toBe(first?.sampleDataFileId);
    expect(await fileRow(first!.sampleDataFileId!)).toBeUndefined();
  });

  it('keeps a file the published version still points to', async () => {
    const flow = await flowWithStep();
    await api.apply(flow.id, save('step_1', 'OUTPUT', 'first'));
    const published = await api.apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    const draft = await api.apply(flow.id, save('step_1', 'OUTPUT', 'second'));
    expect(draft.version.id).not.toBe(published.version.id);
    const publishedFile = sampleDataOf(published, 'step_1')!.sampleDataFileId!;
    expect(await fileRow(publishedFile)).toMatchObject({ data: '"first"' });
    expect(expectStatus(await api.get(flow.id, { versionId: published.version.id }), 200).version).toEqual(
      published.version,
    );
  });

  it.each<[string, FlowOperation, number, string]>([
    ['an unknown step', save('step_9', 'OUTPUT', 1), 400, 'FLOW_OPERATION_INVALID'],
    [
      'a payload over AP_MAX_FILE_SIZE_MB',
      save('step_1', 'OUTPUT', 'x'.repeat(1024 * 1024)),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('refuses %s and stores nothing', async (_, operation, status, code) => {
    const flow = await flowWithStep();
    const { db } = server.server.context.store;
    const files = await db.selectFrom('file').select('id').execute();
    const answer = await api.operate(flow.id, operation);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code });
    expect(await db.selectFrom('file').select('id').execute()).toEqual(files);
    expect(expectStatus(await api.get(flow.id), 200)).toEqual(flow);
  });

  it('leaves a large payload out of the audit event', async () => {
    const flow = await flowWithStep();
    await api.apply(flow.id, save('step_1', 'OUTPUT', 'y'.repeat(10_000)));
    const [event] = await flowEvents(server, user.platformId, flow.id, 'flow.updated').then((events) =>
      events.slice(-1),
    );
    expect(event?.data).toMatchObject({
      request: {
        type: 'SAVE_SAMPLE_DATA',
        request: {
          stepName: 'step_1',
          type: 'OUTPUT',
          payload: expect.stringMatching(/^\(not copied: 10002 bytes/) as string,
        },
      },
    });
  });
});
