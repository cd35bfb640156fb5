/**
 * Delivery of audit events to event destinations, end to end: a real server, real HTTP sinks on
 * loopback (127.0.0.1 is on AP_SSRF_ALLOW_LIST; 127.0.0.2 is not, so the filter blocks it). A
 * sink receives its platform's events of the kinds it asked for, signed so that a receiver can
 * verify them; a failing sink is retried with backoff and every attempt is in the log; a blocked
 * address is never sent anything; other platforms' events never arrive; and the request that
 * records an event does not wait for its delivery.
 */
import type {
  CreatedEventDestination,
  EventDeliveryAttempt,
  EventDestinationTestResult,
  Page,
} from '@piecework/shared';
import { AuditEvent } from '@piecework/shared';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { receiverAccepts, startEventSink, type EventSink } from '../../testing/features/event-sink-test-kit';

const RETRY_BASE_MS = 150;
const repoRoot = resolve(import.meta.dirname, '../../../../..');
const scratch = join(repoRoot, '.scratch', `event-destinations-${String(process.pid)}`);

type Verify = (
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: string,
) => boolean;

/** The receiver's check as `docs/event-destinations.md` writes it (its one ts block), loaded from the page. */
async function documentedVerification(): Promise<Verify> {
  const page = readFileSync(join(repoRoot, 'docs/event-destinations.md'), 'utf8');
  const blocks = [...page.matchAll(/^```ts\n([^]*?)^```$/gm)].map((match) => match[1]!);
  expect(blocks).toHaveLength(1);
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, 'verify.ts');
  writeFileSync(file, blocks[0]!);
  return ((await import(file)) as { verifyPieceworkEvent: Verify }).verifyPieceworkEvent;
}
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
const sinks: EventSink[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { AP_SSRF_ALLOW_LIST: '127.0.0.1' },
    { timerIntervalMs: 50, eventDeliveries: { retryBaseMs: RETRY_BASE_MS, maxAttempts: 3 } },
  );
  owner = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await server.close();
  await Promise.all(sinks.map((sink) => sink.close()));
});

function api<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  return callApi<T>(server.apiUrl, method, path, { token: user.token, ...options });
}

async function sink(options: Parameters<typeof startEventSink>[0] = {}): Promise<EventSink> {
  const started = await startEventSink(options);
  sinks.push(started);
  return started;
}

async function createDestination(
  user: TestUser,
  body: { url: string; events?: string[] },
): Promise<CreatedEventDestination> {
  const answer = await api<CreatedEventDestination>(user, 'POST', '/v1/event-destinations', { body });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function createFolder(user: TestUser, displayName: string): Promise<{ id: string }> {
  const answer = await api<{ id: string }>(user, 'POST', '/v1/folders', {
    body: { displayName, projectId: user.projectId },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** The delivery log of `destinationId`, oldest attempt first. */
async function attempts(user: TestUser, destinationId: string): Promise<EventDeliveryAttempt[]> {
  const answer = await api<Page<EventDeliveryAttempt>>(
    user,
    'GET',
    `/v1/event-destinations/${destinationId}/deliveries`,
    { query: { limit: '100' } },
  );
  expect(answer.status).toBe(200);
  return [...answer.body.data].reverse();
}

/** Waits until every attempt in the log has ended (none PENDING) and `count` are there. */
async function settledAttempts(
  user: TestUser,
  destinationId: string,
  count: number,
): Promise<EventDeliveryAttempt[]> {
  let log: EventDeliveryAttempt[] = [];
  await expect
    .poll(async () => {
      log = await attempts(user, destinationId);
      return log.length === count && log.every((attempt) => attempt.status !== 'PENDING');
    })
    .toBe(true);
  return log;
}

describe('event delivery', () => {
  it("delivers the platform's events of the asked-for kinds, signed, as GET /v1/audit-events shows them", async () => {
    const receiver = await sink();
    const destination = await createDestination(owner, { url: receiver.url, events: ['folder.created'] });
    const first = await createFolder(owner, 'Invoices');
    await api(owner, 'POST', `/v1/folders/${first.id}`, { body: { displayName: 'Invoices 2026' } });
    await createFolder(owner, 'Receipts');

    const log = await settledAttempts(owner, destination.id, 2);
    expect(
      log.map(({ action, attempt, status, statusCode }) => ({ action, attempt, status, statusCode })),
    ).toEqual([
      { action: 'folder.created', attempt: 1, status: 'DELIVERED', statusCode: 200 },
      { action: 'folder.created', attempt: 1, status: 'DELIVERED', statusCode: 200 },
    ]);
    expect(receiver.requests).toHaveLength(2);
    const listed = await api<Page<AuditEvent>>(owner, 'GET', '/v1/audit-events', {
      query: { action: 'folder.created', limit: '100' },
    });
    for (const request of receiver.requests) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hook');
      expect(request.headers['content-type']).toBe('application/json');
      expect(receiverAccepts(request, destination.signingSecret)).toBe(true);
      expect(receiverAccepts(request, `${destination.signingSecret}x`)).toBe(false);
      const tampered = { ...request, body: request.body.replace('"folder.created"', '"folder.deleted"') };
      expect(tampered.body).not.toBe(request.body);
      expect(receiverAccepts(tampered, destination.signingSecret)).toBe(false);
      const event = AuditEvent.parse(JSON.parse(request.body));
      expect(request.headers['x-piecework-event-id']).toBe(event.id);
      expect(listed.body.data.find((listedEvent) => listedEvent.id === event.id)).toEqual(event);
    }
    // Due deliveries are sent concurrently: the receiver may see them in either order.
    expect(
      receiver
        .events()
        .map((event) => (event['data'] as { folder: { displayName: string } }).folder.displayName)
        .sort(),
    ).toEqual(['Invoices', 'Receipts']);
    expect(log.map((attempt) => attempt.eventId).sort()).toEqual(
      receiver
        .events()
        .map((event) => event['id'])
        .sort(),
    );
    // The documentation's check accepts what was sent, and nothing else.
    const verify = await documentedVerification();
    for (const request of receiver.requests) {
      expect(verify(request.headers, request.body, destination.signingSecret)).toBe(true);
      expect(verify(request.headers, `${request.body} `, destination.signingSecret)).toBe(false);
      expect(verify(request.headers, request.body, 'whsec_wrong')).toBe(false);
      expect(
        verify(
          { ...request.headers, 'x-piecework-timestamp': '1000' },
          request.body,
          destination.signingSecret,
        ),
      ).toBe(false);
    }
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it('retries a failing destination with backoff and logs every attempt', async () => {
    const receiver = await sink({ answer: (index) => (index < 2 ? 500 : 200) });
    const destination = await createDestination(owner, { url: receiver.url, events: ['folder.created'] });
    await createFolder(owner, 'Flaky');

    const log = await settledAttempts(owner, destination.id, 3);
    expect(
      log.map(({ attempt, status, statusCode, error }) => ({ attempt, status, statusCode, error })),
    ).toEqual([
      { attempt: 1, status: 'RETRYING', statusCode: 500, error: null },
      { attempt: 2, status: 'RETRYING', statusCode: 500, error: null },
      { attempt: 3, status: 'DELIVERED', statusCode: 200, error: null },
    ]);
    expect(new Set(log.map((attempt) => attempt.eventId)).size).toBe(1);
    expect(log.every((attempt) => typeof attempt.durationMs === 'number')).toBe(true);
    // Backoff: base, then twice the base, each measured from the failed attempt.
    const [first, second, third] = log;
    expect(Date.parse(first!.nextAttemptAt!) - Date.parse(first!.updated)).toBeGreaterThanOrEqual(
      RETRY_BASE_MS - 1,
    );
    expect(Date.parse(second!.nextAttemptAt!) - Date.parse(second!.updated)).toBeGreaterThanOrEqual(
      2 * RETRY_BASE_MS - 1,
    );
    expect(third!.nextAttemptAt).toBeNull();
    expect(receiver.requests).toHaveLength(3);
    expect(new Set(receiver.requests.map((request) => request.headers['x-piecework-event-id'])).size).toBe(1);
    expect(receiver.requests.every((request) => receiverAccepts(request, destination.signingSecret))).toBe(
      true,
    );
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it('fails a delivery after the last attempt', async () => {
    const receiver = await sink({ answer: () => 503 });
    const destination = await createDestination(owner, { url: receiver.url, events: ['folder.created'] });
    await createFolder(owner, 'Never');
    const log = await settledAttempts(owner, destination.id, 3);
    expect(log.map(({ status, statusCode }) => [status, statusCode])).toEqual([
      ['RETRYING', 503],
      ['RETRYING', 503],
      ['FAILED', 503],
    ]);
    const failed = await api<Page<EventDeliveryAttempt>>(
      owner,
      'GET',
      `/v1/event-destinations/${destination.id}/deliveries`,
      { query: { status: 'FAILED' } },
    );
    expect(failed.body.data.map((attempt) => attempt.attempt)).toEqual([3]);
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it('never sends to an address the outbound filter blocks: the test call is refused, deliveries fail at once', async () => {
    const blocked = await sink({ host: '127.0.0.2' });
    const destination = await createDestination(owner, { url: blocked.url, events: ['folder.created'] });
    const test = await api<{ code: string; params: Record<string, string> }>(
      owner,
      'POST',
      `/v1/event-destinations/${destination.id}/test`,
    );
    expect(test.status).toBe(400);
    expect(test.body).toMatchObject({ code: 'SSRF_BLOCKED', params: { address: '127.0.0.2' } });

    await createFolder(owner, 'Blocked');
    const log = await settledAttempts(owner, destination.id, 1);
    expect(log[0]).toMatchObject({ attempt: 1, status: 'FAILED', statusCode: null, nextAttemptAt: null });
    expect(log[0]!.error).toMatch(/^SSRF_BLOCKED: Request to 127\.0\.0\.2 blocked: loopback/);
    expect(blocked.requests).toEqual([]);
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it("delivers no other platform's events", async () => {
    const receiver = await sink();
    const destination = await createDestination(owner, { url: receiver.url });
    await createFolder(stranger, 'Not yours');
    await api(stranger, 'POST', '/v1/api-keys', { body: { displayName: 'Not yours either' } });
    await createFolder(owner, 'Yours');
    await expect
      .poll(() => receiver.events().some((event) => event['action'] === 'folder.created'))
      .toBe(true);
    expect(receiver.events().every((event) => event['platformId'] === owner.platformId)).toBe(true);
    expect(receiver.events().map((event) => event['action'])).toEqual(['folder.created']);
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it('answers the request that records an event without waiting for its delivery', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<number>((resolve) => {
      release = () => resolve(200);
    });
    const receiver = await sink({ answer: () => held });
    const destination = await createDestination(owner, { url: receiver.url, events: ['folder.created'] });
    await createFolder(owner, 'First');
    await expect.poll(() => receiver.requests.length).toBe(1);
    // The sink holds the first delivery; another change still answers at once.
    await createFolder(owner, 'Second');
    expect((await attempts(owner, destination.id))[0]!.status).toBe('PENDING');
    release();
    const log = await settledAttempts(owner, destination.id, 2);
    expect(log.map((attempt) => attempt.status)).toEqual(['DELIVERED', 'DELIVERED']);
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it('sends nothing to a disabled destination, and delivers again once it is enabled', async () => {
    const receiver = await sink();
    const destination = await createDestination(owner, { url: receiver.url, events: ['folder.created'] });
    const disabled = await api(owner, 'PATCH', `/v1/event-destinations/${destination.id}`, {
      body: { enabled: false },
    });
    expect(disabled).toMatchObject({ status: 200, body: { enabled: false } });
    await createFolder(owner, 'While off');
    expect(await attempts(owner, destination.id)).toEqual([]);
    await api(owner, 'PATCH', `/v1/event-destinations/${destination.id}`, { body: { enabled: true } });
    await createFolder(owner, 'Back on');
    await settledAttempts(owner, destination.id, 1);
    expect(
      receiver
        .events()
        .map((event) => (event['data'] as { folder: { displayName: string } }).folder.displayName),
    ).toEqual(['Back on']);
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });

  it('sends a signed test event and answers what the destination answered', async () => {
    const receiver = await sink({ answer: (index) => (index === 0 ? 202 : 500) });
    const destination = await createDestination(owner, { url: receiver.url });
    const path = `/v1/event-destinations/${destination.id}/test`;
    const accepted = await api<EventDestinationTestResult>(owner, 'POST', path);
    expect(accepted).toMatchObject({
      status: 200,
      body: { delivered: true, statusCode: 202, error: null },
    });
    const refused = await api<EventDestinationTestResult>(owner, 'POST', path);
    expect(refused.body).toMatchObject({ delivered: false, statusCode: 500, error: null });
    expect(receiver.requests).toHaveLength(2);
    expect(receiverAccepts(receiver.requests[0]!, destination.signingSecret)).toBe(true);
    expect(AuditEvent.parse(receiver.events()[0])).toMatchObject({
      action: 'flow.created',
      platformId: owner.platformId,
    });
    // A test event is not an event of the platform: it is not in the delivery log.
    expect(await attempts(owner, destination.id)).toEqual([]);
    const closed = await sink();
    await closed.close();
    await api(owner, 'PATCH', `/v1/event-destinations/${destination.id}`, { body: { url: closed.url } });
    const unreachable = await api<EventDestinationTestResult>(owner, 'POST', path);
    expect(unreachable.body).toMatchObject({ delivered: false, statusCode: null });
    expect(unreachable.body.error).toMatch(/ECONNREFUSED/);
    await api(owner, 'DELETE', `/v1/event-destinations/${destination.id}`);
  });
});
