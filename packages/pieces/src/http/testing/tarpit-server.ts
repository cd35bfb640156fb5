import { createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP server on 127.0.0.1 that accepts every connection and never answers nor closes one: a
 * remote that hangs, as an outbound request sees it. It reads (and drops) what clients send, so
 * that it sees a client close a connection, and counts the connections it accepted, those that
 * sent something (a request), and those the client has not closed yet.
 */
export interface TarpitServer {
  /** `http://127.0.0.1:<port>/`: a URL whose requests connect and then wait forever. */
  readonly url: string;
  /** Connections accepted so far. */
  accepted(): number;
  /** Connections that sent something (a request) so far. */
  requested(): number;
  /** Resolves once `count` connections in all have sent something (at once if they have). */
  requestedAtLeast(count: number): Promise<void>;
  /**
   * Connections accepted whose client has not closed them (their socket's 'close' not seen yet);
   * with `after`, only those accepted after the first `after` connections.
   */
  open(after?: number): number;
  /** Closes the connections still open and stops listening. */
  close(): Promise<void>;
}

/** Starts a {@link TarpitServer}; use it to test that requests to a hanging remote are closed. */
export async function startTarpitServer(): Promise<TarpitServer> {
  /** The open connections, each with how many had been accepted before it. */
  const sockets = new Map<Socket, number>();
  let accepted = 0;
  let requested = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((socket) => {
    sockets.set(socket, accepted);
    accepted += 1;
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      requested += 1;
      for (const waiter of waiters.filter((entry) => entry.count <= requested)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
    // Reads what the client sends, so that its closing is seen ('end', then 'close').
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    accepted: () => accepted,
    requested: () => requested,
    requestedAtLeast: (count) =>
      count <= requested ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    open: (after = 0) => [...sockets.values()].filter((ordinal) => ordinal >= after).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets.keys()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
