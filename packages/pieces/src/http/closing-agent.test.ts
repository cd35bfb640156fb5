import { buildConnector, type Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClosingAgent } from './closing-agent';
import { startLoopbackServer, type LoopbackServer } from './testing/loopback-server';
import { startTarpitServer, type TarpitServer } from './testing/tarpit-server';

let agent: Dispatcher;

beforeEach(() => {
  // A keep-alive timeout longer than any test: a connection left idle stays open unless closed here.
  agent = createClosingAgent({ connect: buildConnector({}), keepAliveTimeout: 600_000 });
});
afterEach(() => agent.destroy());

/** A GET of `url` through the agent, aborted by `signal`. */
function get(url: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { dispatcher: agent, ...(signal ? { signal } : {}) } as unknown as RequestInit);
}

describe('createClosingAgent with a remote that never answers', () => {
  let tarpit: TarpitServer;
  beforeEach(async () => {
    tarpit = await startTarpitServer();
  });
  afterEach(() => tarpit.close());

  /** A GET of the tarpit that it has received; `abort()` aborts it and waits for its rejection. */
  async function heldRequest() {
    const controller = new AbortController();
    const requested = tarpit.requested();
    const settled = get(tarpit.url, controller.signal).catch((error: unknown) => error);
    await tarpit.requestedAtLeast(requested + 1);
    return {
      abort: async () => {
        controller.abort(new Error('The run has ended'));
        expect(await settled).toMatchObject({ message: 'The run has ended' });
      },
    };
  }

  /** Waits until the tarpit saw the client close `count` connections in all. */
  async function closedAtLeast(count: number): Promise<void> {
    await expect.poll(() => tarpit.accepted() - tarpit.open()).toBeGreaterThanOrEqual(count);
  }

  it('leaves no connection open once an aborted request has its answer', async () => {
    const request = await heldRequest();
    await request.abort();
    await closedAtLeast(1);
    await expect.poll(() => tarpit.open()).toBe(0);
  });

  it('leaves no connection open while another request to the same origin waits, nor after it', async () => {
    const first = await heldRequest();
    const second = await heldRequest();
    await first.abort();
    await closedAtLeast(1);
    // Only the second request's connection is left: the one undici makes again for the first is closed.
    await expect.poll(() => tarpit.open()).toBe(1);
    await second.abort();
    await closedAtLeast(2);
    await expect.poll(() => tarpit.open()).toBe(0);
  });
});

describe('createClosingAgent with a remote that answers', () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await startLoopbackServer();
  });
  afterEach(() => server.close());

  it('answers requests that each need a connection of their own', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(async (n) => (await get(`${server.origin}/${n}`)).text()),
    );
    expect(answers).toEqual(['ok', 'ok', 'ok']);
  });

  it('sends a body streamed after the connection is made', async () => {
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setImmediate(resolve));
        controller.enqueue(new TextEncoder().encode('streamed'));
        controller.close();
      },
    });
    const response = await fetch(`${server.origin}/upload`, {
      dispatcher: agent,
      method: 'POST',
      body,
      duplex: 'half',
    } as unknown as RequestInit);
    expect(await response.text()).toBe('ok');
    expect(server.requests.at(-1)).toMatchObject({ path: '/upload', body: 'streamed' });
  });
});
