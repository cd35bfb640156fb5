/**
 * The forms and chat pages' routes through real HTTP on loopback: what a page reads (published,
 * draft, the 404s), submissions streamed to their answer with the client's `streamHumanInput`
 * (a form with a file answered by "Respond on UI", a form that does not wait, a failing flow, a
 * chat whose agent step talks to the OpenAI stand-in, an answer after the webhook timeout), the
 * refusals (a chat message without chatId, a file part over AP_MAX_FILE_SIZE_MB) and the stream's
 * headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, streamHumanInput } from '@piecework/client';
import { FORMS_PIECE_NAME, generateId, type HumanInputStreamEvent } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startOpenAIStandIn, type OpenAIStandIn, type StandInReply } from '../../testing/openai-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { agentStep, createStandInProvider, gate } from '../../testing/features/agent-test-kit';
import { addAction, code } from '../../testing/features/flow-test-kit';
import {
  baseUrlOf,
  buildPageFlow,
  buildWebhookFlow,
  chatTrigger,
  fileTrigger,
  formTrigger,
  respondOnUi,
  submissionEvents,
} from '../../testing/features/human-input-test-kit';
import { pieceAction } from '../../testing/features/run-runtime-test-kit';
import { runRowsOf, waitForRun } from '../../testing/features/webhook-run-test-kit';

let server: TestServer;
let user: TestUser;
let projectId: string;
let standIn: OpenAIStandIn;

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }));
  server = await startTestServer(
    {
      // Short, so that a test can see `pending`; the other tests leave `pending` out.
      AP_WEBHOOK_TIMEOUT_SECONDS: '1',
      AP_MAX_FILE_SIZE_MB: '1',
      AP_HUMAN_INPUT_RATE_LIMIT_MAX: '1000',
      AP_SSRF_ALLOW_LIST: '127.0.0.1',
    },
    { runs: { pollMs: 50 } },
  );
  user = await signUpTestUser(server);
  projectId = user.projectId!;
  await createStandInProvider(server, user.token, standIn);
}, 60_000);
afterAll(async () => {
  await server.close();
  await standIn.close();
}, 60_000);

const NAME_AND_FILE = [
  { displayName: 'Full name', type: 'text', required: true, description: 'Who you are' },
  { displayName: 'Document', type: 'file', required: false },
] as const;

/** The events without `pending`, which a crowded machine may add to any run over 1 s. */
const withoutPending = (events: HumanInputStreamEvent[]) =>
  events.filter((event) => event.type !== 'pending');

const getPage = (kind: 'form' | 'chat', flowId: string, useDraft?: boolean) =>
  callApi(server.apiUrl, 'GET', `/v1/human-input/${kind}/${flowId}`, {
    ...(useDraft === undefined ? {} : { query: { useDraft: String(useDraft) } }),
  });

describe('reading a page', () => {
  it('answers the form of the published version, and only what the page needs', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), [
      addAction(respondOnUi('step_1', 'Thanks')),
    ]);
    const answer = await getPage('form', flowId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: flowId,
      title: 'Page flow',
      props: { inputs: NAME_AND_FILE, waitForResponse: true },
      projectId,
      version: '0.4.10',
      platformName: expect.any(String),
    });
  });

  it('answers the file trigger as a form of one required file', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, fileTrigger(), []);
    expect((await getPage('form', flowId)).body).toMatchObject({
      props: {
        inputs: [{ displayName: 'File', type: 'file', required: true, description: '' }],
        waitForResponse: true,
      },
    });
  });

  it('answers the chat page with its bot name', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, chatTrigger('Ada'), []);
    const answer = await getPage('chat', flowId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: flowId,
      title: 'Page flow',
      props: { botName: 'Ada' },
      projectId,
      platformName: expect.any(String),
      platformLogoUrl: null,
    });
  });

  it('reads the draft with useDraft=true; without it, a flow never published is 404', async () => {
    const flowId = await buildPageFlow(
      server,
      user.token,
      projectId,
      formTrigger([...NAME_AND_FILE]),
      [],
      false,
    );
    expect((await getPage('form', flowId, true)).status).toBe(200);
    const unpublished = await getPage('form', flowId);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityId: flowId } });
  });

  it.each<[string, 'form' | 'chat', () => Promise<string>]>([
    ['a flow that does not exist', 'form', () => Promise.resolve(generateId())],
    ['a webhook flow', 'form', () => buildWebhookFlow(server, user.token, projectId, [])],
    [
      'a chat flow read as a form',
      'form',
      () => buildPageFlow(server, user.token, projectId, chatTrigger(), []),
    ],
    [
      'a form flow read as a chat',
      'chat',
      () => buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), []),
    ],
  ])('answers 404 ENTITY_NOT_FOUND for %s', async (_, kind, makeFlow) => {
    const flowId = await makeFlow();
    for (const useDraft of [false, true]) {
      const answer = await getPage(kind, flowId, useDraft);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityId: flowId } });
    }
  });
});

describe('submitting a form', () => {
  it('streams run, then the markdown a Respond on UI step built from a text field and a file', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), [
      addAction(
        respondOnUi(
          'step_1',
          "Hello **{{trigger['output'].fullName}}**, got {{trigger['output'].document.filename}}",
        ),
      ),
    ]);
    const body = new FormData();
    body.set('fullName', 'Ada Lovelace');
    body.set('document', new Blob(['notes'], { type: 'text/plain' }), 'notes.txt');
    const events = withoutPending(await submissionEvents(server, { kind: 'form', flowId, body }));
    expect(events).toEqual([
      { type: 'run', flowRunId: expect.any(String) },
      {
        type: 'answer',
        status: 200,
        body: { type: 'markdown', value: 'Hello **Ada Lovelace**, got notes.txt', files: [] },
      },
    ]);
    const [run] = await runRowsOf(server, flowId);
    expect(run).toMatchObject({
      id: (events[0] as { flowRunId: string }).flowRunId,
      environment: 'PRODUCTION',
    });
  });

  it('gives a later step the uploaded file: Respond on UI attaches it, and its URL serves the bytes', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), [
      addAction(
        pieceAction(
          'step_1',
          FORMS_PIECE_NAME,
          'return_response',
          { markdown: 'Attached', file: "{{trigger['output'].document}}" },
          '0.4.10',
        ),
      ),
    ]);
    const body = new FormData();
    body.set('fullName', 'Ada Lovelace');
    body.set('document', new Blob(['the notes'], { type: 'text/plain' }), 'notes.txt');
    const events = withoutPending(await submissionEvents(server, { kind: 'form', flowId, body }));
    const answer = events.at(-1);
    expect(answer).toMatchObject({
      type: 'answer',
      status: 200,
      body: {
        type: 'markdown',
        value: 'Attached',
        files: [{ mimeType: 'text/plain', url: expect.any(String) }],
      },
    });
    const { url } = (answer as { body: { files: [{ url: string }] } }).body.files[0];
    const served = await fetch(new URL(new URL(url).pathname + new URL(url).search, server.url));
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('the notes');
  });

  it('runs the draft as a TESTING run with useDraft', async () => {
    const flowId = await buildPageFlow(
      server,
      user.token,
      projectId,
      formTrigger([...NAME_AND_FILE]),
      [addAction(respondOnUi('step_1', "Draft {{trigger['output'].fullName}}"))],
      false,
    );
    const events = withoutPending(
      await submissionEvents(server, { kind: 'form', flowId, body: { fullName: 'Bo' }, useDraft: true }),
    );
    expect(events.at(-1)).toEqual({
      type: 'answer',
      status: 200,
      body: { type: 'markdown', value: 'Draft Bo', files: [] },
    });
    expect((await runRowsOf(server, flowId))[0]).toMatchObject({ environment: 'TESTING' });
  });

  it('answers at once when the form does not wait for a response, the run going on', async () => {
    const flowId = await buildPageFlow(
      server,
      user.token,
      projectId,
      formTrigger([...NAME_AND_FILE], false),
      [addAction(code('step_1', 'return 1;'))],
    );
    const events = await submissionEvents(server, { kind: 'form', flowId, body: { fullName: 'Cy' } });
    expect(events).toEqual([
      { type: 'run', flowRunId: expect.any(String) },
      { type: 'answer', status: 200, body: null },
    ]);
    const run = await waitForRun(server, user.token, (events[0] as { flowRunId: string }).flowRunId);
    expect(run.status).toBe('SUCCEEDED');
  });

  it('streams failed with the sync webhook code and message when the flow fails', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), [
      addAction(code('step_1', 'throw new Error("boom");')),
    ]);
    const events = withoutPending(
      await submissionEvents(server, { kind: 'form', flowId, body: { fullName: 'Di' } }),
    );
    expect(events).toEqual([
      { type: 'run', flowRunId: expect.any(String) },
      {
        type: 'failed',
        code: 'FLOW_RUN_FAILED',
        params: expect.objectContaining({
          message: 'The flow has failed and there is no response returned',
          status: 'FAILED',
        }),
      },
    ]);
  });

  it('answers body null when the flow ends without responding', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), [
      addAction(code('step_1', 'return 1;')),
    ]);
    const events = withoutPending(
      await submissionEvents(server, { kind: 'form', flowId, body: { fullName: 'Ed' } }),
    );
    expect(events.at(-1)).toEqual({ type: 'answer', status: 204, body: null });
  });

  it('is an event stream that is neither cached nor buffered, naming the run', async () => {
    const flowId = await buildPageFlow(
      server,
      user.token,
      projectId,
      formTrigger([...NAME_AND_FILE], false),
      [],
    );
    const answer = await fetch(`${server.apiUrl}/v1/human-input/form/${flowId}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Fay' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    const text = await answer.text();
    expect(text).toBe(
      `data: ${JSON.stringify({ type: 'run', flowRunId: answer.headers.get('x-webhook-id') })}\n\n` +
        `data: ${JSON.stringify({ type: 'answer', status: 200, body: null })}\n\n`,
    );
  });

  it('refuses a flow of another kind with 404 before starting a run', async () => {
    const flowId = await buildWebhookFlow(server, user.token, projectId, [
      addAction(code('step_1', 'return 1;')),
    ]);
    const refused = await submissionEvents(server, { kind: 'form', flowId, body: { a: 1 } }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(refused, 'ENTITY_NOT_FOUND')).toBe(true);
    expect(await runRowsOf(server, flowId)).toEqual([]);
  });
});

describe('a file part over AP_MAX_FILE_SIZE_MB', () => {
  const bigFile = () => {
    const body = new FormData();
    body.set('fullName', 'Gus');
    body.set('document', new Blob([new Uint8Array(1024 * 1024 + 1)]), 'big.bin');
    return body;
  };
  const storedFiles = async () =>
    Number(
      (
        await server.server.context.store.db
          .selectFrom('file')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('projectId', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is refused with 413 on a submission and on a webhook, storing no file and starting no run', async () => {
    const flowId = await buildPageFlow(server, user.token, projectId, formTrigger([...NAME_AND_FILE]), []);
    const before = await storedFiles();
    const refused = await submissionEvents(server, { kind: 'form', flowId, body: bigFile() }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(refused, 'PAYLOAD_TOO_LARGE')).toBe(true);
    expect(refused).toMatchObject({ status: 413, params: { limitMb: 1, fileName: 'big.bin' } });
    const webhook = await fetch(`${server.apiUrl}/v1/webhooks/${flowId}`, {
      method: 'POST',
      body: bigFile(),
    });
    expect(webhook.status).toBe(413);
    expect(await webhook.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', params: { limitMb: 1 } });
    expect(await storedFiles()).toBe(before);
    expect(await runRowsOf(server, flowId)).toEqual([]);
  });
});

describe('sending a chat message', () => {
  const chatFlow = () =>
    buildPageFlow(server, user.token, projectId, chatTrigger(), [
      addAction(agentStep({ prompt: "{{trigger['output'].message}}", structuredOutput: [] })),
      addAction(respondOnUi('step_2', "Done: {{step_1['output'].structuredOutput}}"), 'step_1'),
    ]);

  it.each([
    ['without chatId', { message: 'Hi' }, ['chatId']],
    ['without message', { chatId: 'c1' }, ['message']],
    ['with an empty body', {}, ['chatId', 'message']],
  ])('refuses a message %s with 400 VALIDATION, starting nothing', async (_, body, missing) => {
    const flowId = await chatFlow();
    const refused = await submissionEvents(server, { kind: 'chat', flowId, body }).catch((e: unknown) => e);
    expect(isApiError(refused, 'VALIDATION')).toBe(true);
    expect(refused).toMatchObject({ status: 400, params: { missing } });
    expect(await runRowsOf(server, flowId)).toEqual([]);
  });

  it('streams each turn of the agent step, then the answer', async () => {
    const start = standIn.requests.length;
    standIn.setScript((_request, index): StandInReply =>
      index === start
        ? { text: 'Let me look.', toolCalls: [{ name: 'no_such_tool', arguments: {} }] }
        : { text: 'It is 42.' },
    );
    const flowId = await chatFlow();
    const body = new FormData();
    body.set('chatId', 'chat-1');
    body.set('message', 'What is 6 times 7?');
    const events = withoutPending(await submissionEvents(server, { kind: 'chat', flowId, body }));
    expect(events).toEqual([
      { type: 'run', flowRunId: expect.any(String) },
      { type: 'turn', text: 'Let me look.' },
      { type: 'turn', text: 'It is 42.' },
      { type: 'answer', status: 200, body: { type: 'markdown', value: 'Done: It is 42.', files: [] } },
    ]);
    expect(
      standIn.requests[start]!.messages.some((message) => message.content === 'What is 6 times 7?'),
    ).toBe(true);
  });

  it('streams pending past the webhook timeout, then the answer once the flow gives it', async () => {
    const hold = gate();
    standIn.setScript(async (): Promise<StandInReply> => {
      await hold.opened;
      return { text: 'Sorry for the wait.' };
    });
    const flowId = await chatFlow();
    const events: HumanInputStreamEvent[] = [];
    for await (const event of streamHumanInput(
      { baseUrl: baseUrlOf(server) },
      { kind: 'chat', flowId, body: { chatId: 'chat-2', message: 'Hello?' } },
    )) {
      events.push(event);
      if (event.type === 'pending') hold.open();
    }
    expect(events).toEqual([
      { type: 'run', flowRunId: expect.any(String) },
      { type: 'pending' },
      { type: 'turn', text: 'Sorry for the wait.' },
      {
        type: 'answer',
        status: 200,
        body: { type: 'markdown', value: 'Done: Sorry for the wait.', files: [] },
      },
    ]);
  });
});
