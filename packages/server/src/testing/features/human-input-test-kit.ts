/**
 * Flows started by the forms piece's pages, for the tests of the forms and chat routes: its
 * triggers and "Respond on UI" as step requests, flows built with the real flow routes, and the
 * events of a submission read with the client's `streamHumanInput`.
 */
import { streamHumanInput, type HumanInputSubmission } from '@piecework/client';
import {
  CHAT_TRIGGER_NAME,
  FILE_TRIGGER_NAME,
  FORM_TRIGGER_NAME,
  FORMS_PIECE_NAME,
  type FlowOperation,
  type FormInput,
  type HumanInputStreamEvent,
  type StepRequest,
  type TriggerRequest,
} from '@piecework/shared';
import type { ApiServer } from '../test-server';
import { flowsApi, webhookTrigger } from './flow-test-kit';
import { pieceAction } from './run-runtime-test-kit';

/** The forms piece version the test flows name. */
const FORMS_VERSION = '0.4.10';

function formsTrigger(triggerName: string, input: Record<string, unknown>): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'Human Input',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: FORMS_PIECE_NAME,
      pieceVersion: FORMS_VERSION,
      triggerName,
      propertySettings: {},
      input,
    },
  };
}

/** The Web Form trigger with `inputs`, waiting for the flow's response unless `waitForResponse` is false. */
export function formTrigger(inputs: FormInput[], waitForResponse = true): TriggerRequest {
  return formsTrigger(FORM_TRIGGER_NAME, { inputs, waitForResponse });
}

/** The File Submission trigger. */
export function fileTrigger(): TriggerRequest {
  return formsTrigger(FILE_TRIGGER_NAME, { waitForResponse: true });
}

/** The Chat UI trigger, answering as `botName`. */
export function chatTrigger(botName = 'Helper'): TriggerRequest {
  return formsTrigger(CHAT_TRIGGER_NAME, { botName });
}

/** "Respond on UI": answers the page with `markdown`. */
export function respondOnUi(name: string, markdown: string): StepRequest {
  return pieceAction(name, FORMS_PIECE_NAME, 'return_response', { markdown }, FORMS_VERSION);
}

/**
 * A flow of `projectId` started by `trigger` with `operations` applied, published unless
 * `publish` is false (then it has a draft only). Answers its id.
 */
export async function buildPageFlow(
  server: ApiServer,
  token: string,
  projectId: string,
  trigger: TriggerRequest,
  operations: FlowOperation[],
  publish = true,
): Promise<string> {
  const api = flowsApi(server, token);
  const flow = await api.createFlow(projectId, 'Page flow');
  await api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: trigger }, ...operations);
  if (publish) await api.apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return flow.id;
}

/** A published flow of `projectId` with a Catch Webhook trigger and `operations`: not a page's. */
export async function buildWebhookFlow(
  server: ApiServer,
  token: string,
  projectId: string,
  operations: FlowOperation[],
): Promise<string> {
  return buildPageFlow(server, token, projectId, webhookTrigger(), operations);
}

/** Every event of a submission to `server`, in order (the stream read to its end). */
export async function submissionEvents(
  server: ApiServer,
  submission: HumanInputSubmission,
): Promise<HumanInputStreamEvent[]> {
  const events: HumanInputStreamEvent[] = [];
  for await (const event of streamHumanInput({ baseUrl: baseUrlOf(server) }, submission)) events.push(event);
  return events;
}

/** The server's origin (its `apiUrl` without `/api`), as clients take it. */
export function baseUrlOf(server: ApiServer): string {
  return server.apiUrl.replace(/\/api$/, '');
}
