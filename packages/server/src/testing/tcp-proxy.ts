/**
 * A TCP proxy a test can cut and restore, to play a service that goes away and comes back (the
 * PostgreSQL server of a store) without touching the real one.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A running {@link startTcpProxy}. */
export interface TcpProxy {
  /** The loopback port clients connect to. */
  readonly port: number;
  /** Drops every open connection and refuses new ones, as a stopped server would. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  /** Stops the proxy for good. */
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port forwarding every connection to `host:port`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The proxy is not listening on TCP');
  return { port: address.port, cut: stop, restore: () => listen(address.port), close: stop };
}
