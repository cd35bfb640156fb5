/** The public pages of forms and chat flows, `ENDPOINTS.humanInput`. */
import { ChatUIResponse, FormResponse, HumanInputParams, HumanInputQuery } from '../human-input/human-input';
import { PUBLIC_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/**
 * `GET /v1/human-input/form/:flowId` and `GET /v1/human-input/chat/:flowId` (Activepieces'
 * routes: what the pages are built from, of the published version or, with `useDraft=true`, of
 * the draft; 404 when the flow's trigger is not the forms piece's), and the pages' submissions,
 * `POST /v1/human-input/form/:flowId/submissions` and `POST /v1/human-input/chat/:flowId/messages`:
 * a multipart body started as the flow's webhook would be (same payload, same limits), answered
 * as a `text/event-stream` of `HumanInputStreamEvent`s.
 */
export const HUMAN_INPUT_ENDPOINTS = {
  getForm: endpoint({
    method: 'GET',
    path: '/v1/human-input/form/:flowId',
    operationId: 'humanInput.getForm',
    summary: "Get the form of a flow started by the forms piece's form or file trigger",
    access: PUBLIC_ACCESS,
    params: HumanInputParams,
    query: HumanInputQuery,
    status: 200,
    response: FormResponse,
  }),
  getChat: endpoint({
    method: 'GET',
    path: '/v1/human-input/chat/:flowId',
    operationId: 'humanInput.getChat',
    summary: "Get the chat page of a flow started by the forms piece's chat trigger",
    access: PUBLIC_ACCESS,
    params: HumanInputParams,
    query: HumanInputQuery,
    status: 200,
    response: ChatUIResponse,
  }),
  submitForm: endpoint({
    method: 'POST',
    path: '/v1/human-input/form/:flowId/submissions',
    operationId: 'humanInput.submitForm',
    summary: "Submit a form (multipart) and stream the flow's answer (text/event-stream)",
    access: PUBLIC_ACCESS,
    params: HumanInputParams,
    query: HumanInputQuery,
    status: 200,
  }),
  sendChatMessage: endpoint({
    method: 'POST',
    path: '/v1/human-input/chat/:flowId/messages',
    operationId: 'humanInput.sendChatMessage',
    summary:
      'Send a chat message (multipart: chatId, message, file[i]) and stream the answer (text/event-stream)',
    access: PUBLIC_ACCESS,
    params: HumanInputParams,
    query: HumanInputQuery,
    status: 200,
  }),
};
