import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a {@link startHoldingServer} server holds, and when its connection closed. */
export interface HeldRequest {
  path: string;
  /** Settles once the client's connection is closed (the client gave up on the request). */
  closed: Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that answers `/fast` at once and holds every other request
 * without ever answering: what a slow remote looks like to an outbound call. `next()` resolves
 * with the next held request (or one already held and not taken yet).
 */
export async function startHoldingServer() {
  const held: HeldRequest[] = [];
  const waiters: Array<(request: HeldRequest) => void> = [];
  const server = createServer((req: IncomingMessage, res) => {
    if (req.url === '/fast') {
      res.end('fast');
      return;
    }
    const closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
    const request = { path: req.url ?? '/', closed };
    const waiter = waiters.shift();
    if (waiter) waiter(request);
    else held.push(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    next: (): Promise<HeldRequest> => {
      const request = held.shift();
      return request ? Promise.resolve(request) : new Promise((resolve) => waiters.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
