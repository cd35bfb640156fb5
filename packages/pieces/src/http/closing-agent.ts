import { Agent, Client, type buildConnector, type Dispatcher } from 'undici';

/** Options of {@link createClosingAgent}: undici's `Agent` options, with `connect` a connector. */
export type ClosingAgentOptions = Omit<Agent.Options, 'connect'> & {
  /** Makes each connection (e.g. one that passes the SSRF filter). */
  connect: buildConnector.connector;
};

/**
 * An undici `Agent` that closes at once every new connection that no request takes. Use it
 * instead of `new Agent(options)` for any agent whose requests can be aborted (a run's requests
 * are, when the run ends).
 *
 * undici (7.x) answers the abort of a request waiting on its connection by closing that
 * connection, then connecting again for the aborted request and dropping it once connected. That
 * new connection carries nothing; while another connection to the same origin is open it stays
 * open until the keep-alive timeout (4 s by default), or until the remote closes it. Here it is
 * closed as soon as undici has it and has given it no request.
 */
export function createClosingAgent({ connect, ...options }: ClosingAgentOptions): Agent {
  /** The client undici announces (its 'connect' event) while it takes the connection being handed over. */
  let receiver: Dispatcher | undefined;
  const takeReceiver = (): Dispatcher | undefined => {
    const client = receiver;
    receiver = undefined;
    return client;
  };
  const agent = new Agent({
    ...options,
    connect(connectOptions, callback) {
      connect(connectOptions, (error, socket) => {
        if (error !== null) {
          callback(error, null);
          return;
        }
        takeReceiver();
        // undici takes the connection and writes the request waiting for it before returning.
        callback(null, socket);
        const client = takeReceiver();
        if (client instanceof Client && client.stats.size === 0) socket.destroy();
      });
    },
  });
  agent.on('connect', (_origin, targets) => {
    receiver = targets[targets.length - 1];
  });
  return agent;
}
