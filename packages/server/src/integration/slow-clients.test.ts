/**
 * Slow clients on a real socket, with short timeouts set through the server's options: a request
 * whose headers or body stall is answered 408 `{code, params}` and its connection closed, while a
 * slow but steady upload that takes longer than the headers timeout still gets through.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@piecework/shared';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

const HEADERS_TIMEOUT_MS = 300;
const REQUEST_TIMEOUT_MS = 4_000;

let server: TestServer;
let user: TestUser;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      http: {
        headersTimeoutMs: HEADERS_TIMEOUT_MS,
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        idleTimeoutMs: 30_000,
      },
    },
  );
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

/** A raw connection to the server: what it received, and whether the server closed it. */
interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(): Promise<RawConnection> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** The status and JSON body of a raw HTTP answer. */
function parseAnswer(raw: string): { status: number; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as unknown };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const requestHead = (length: number) =>
  `POST /api/v1/projects HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.token}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${String(length)}\r\n\r\n`;

describe('slow clients', () => {
  it.each([
    ['half of its headers', () => requestHead(10).slice(0, 40)],
    ['its headers and half of its body', () => requestHead(20) + '{"displayName":'],
  ])('a request that stalls after %s is answered 408 and closed', async (_, sent) => {
    const connection = await open();
    connection.socket.write(sent());
    await connection.closed;
    const answer = parseAnswer(connection.received());
    expect(answer.status).toBe(408);
    expect(ErrorBody.parse(answer.body)).toEqual({
      code: 'REQUEST_TIMEOUT',
      params: { message: 'The request was not received in time' },
    });
  });

  it('lets a steady upload take longer than the headers timeout', async () => {
    const body = JSON.stringify({ displayName: 'slow upload', metadata: { pad: 'x'.repeat(200) } });
    const connection = await open();
    connection.socket.write(requestHead(Buffer.byteLength(body)));
    const chunks = 10;
    const size = Math.ceil(body.length / chunks);
    for (let i = 0; i < chunks; i++) {
      // Ten pauses of a third of the headers timeout: the body takes over three times that long.
      await pause(HEADERS_TIMEOUT_MS / 3);
      connection.socket.write(body.slice(i * size, (i + 1) * size));
    }
    while (!connection.received().includes('slow upload')) await pause(20);
    expect(connection.received().startsWith('HTTP/1.1 201')).toBe(true);
    connection.socket.destroy();
  });

  it('answers bytes that are not HTTP with 400 {code, params}', async () => {
    const connection = await open();
    connection.socket.write('NOT HTTP AT ALL\r\n\r\n');
    await connection.closed;
    const answer = parseAnswer(connection.received());
    expect(answer.status).toBe(400);
    expect(ErrorBody.parse(answer.body).code).toBe('VALIDATION');
  });
});
