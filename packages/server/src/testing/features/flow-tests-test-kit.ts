/**
 * Flow tests and replay: a price service on loopback that a flow's HTTP step calls (so a real run
 * has a piece step to record), the steps of such a flow, and runs made through its webhook.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StepRequest } from '@piecework/shared';
import type { ApiServer } from '../test-server';
import { callWebhook, jsonBody } from './webhook-run-test-kit';

/** A loopback HTTP service answering `GET /price?sku=` with `{sku, price}`; counts its requests. */
export interface PriceService {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** Starts a {@link PriceService}: a SKU's price is its length times 10. */
export async function startPriceService(): Promise<PriceService> {
  const service = { url: '', requests: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    service.requests += 1;
    const sku = new URL(request.url ?? '/', 'http://localhost').searchParams.get('sku') ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sku, price: sku.length * 10 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  service.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return service;
}

/** The HTTP piece's Send Request: `GET <url>` (the server must allow loopback: AP_SSRF_ALLOW_LIST). */
export function httpGet(name: string, url: string): StepRequest {
  return {
    name,
    displayName: `Get ${name}`,
    type: 'PIECE',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-http',
      pieceVersion: '^0.5.0',
      actionName: 'send_request',
      propertySettings: {},
      input: { method: 'GET', url, headers: {}, queryParams: {}, authType: 'NONE', body_type: 'none' },
    },
  };
}

/** Calls flow `flowId`'s webhook synchronously with JSON `body`; answers the run's id. */
export async function runThroughWebhook(server: ApiServer, flowId: string, body: unknown): Promise<string> {
  const answer = await callWebhook(server, flowId, '/sync', jsonBody(body));
  await answer.arrayBuffer();
  const runId = answer.headers.get('x-webhook-id');
  if (runId === null)
    throw new Error(`the webhook of ${flowId} answered ${String(answer.status)} without a run id`);
  return runId;
}
