/** The endpoints of piece triggers beyond webhooks, `ENDPOINTS.triggers`. */
import { Page } from '../common/page';
import { AppEventParams, TestTriggerRequest, TriggerEventWithPayload } from '../pieces/trigger-requests';
import { z } from 'zod';
import { PUBLIC_ACCESS, projectAccess } from './endpoint-access';
import { endpoint } from './endpoint';

/** The app-level webhook of APP_WEBHOOK pieces, and testing a trigger from the builder. */
export const TRIGGER_ENDPOINTS = {
  appEvent: endpoint({
    method: 'ALL',
    path: '/v1/app-events/:pieceUrl',
    operationId: 'triggers.appEvent',
    summary:
      "A piece's app-level webhook: the piece parses (and may answer) the request; verified events start a run of every enabled flow listening for them",
    access: PUBLIC_ACCESS,
    params: AppEventParams,
    body: z.unknown(),
    status: 200,
  }),
  test: endpoint({
    method: 'POST',
    path: '/v1/test-trigger',
    operationId: 'triggers.test',
    summary:
      "Test a flow version's trigger: TEST_FUNCTION answers the items of its test hook and saves the first as sample data",
    access: projectAccess('WRITE_FLOW', { from: 'body' }),
    body: TestTriggerRequest,
    status: 200,
    response: Page(TriggerEventWithPayload),
  }),
};
