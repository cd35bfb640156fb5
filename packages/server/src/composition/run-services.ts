/**
 * The port through which the run machinery calls back into the finished server. Agent steps'
 * tools run flows, call MCP servers and the project's own API routes: all of them need the server
 * context and routes, which contain the run machinery. So the runtime is built with this port's
 * `agentToolbox`, and the stage `connectRunServices` connects it once the context and routes
 * exist. No job runs before `listen()` starts the runtime, after that stage.
 */
import type { OpenAgentToolbox } from '../execution/agents/agent-toolbox';

/** The services connected into a {@link RunServices} port. */
export interface ConnectedRunServices {
  /** Opens agent steps' toolboxes over the server's context and routes. */
  readonly agentToolbox: OpenAgentToolbox;
}

/** The run machinery's port to the server (see the module comment). */
export interface RunServices {
  /** What the runtime is given as its `agentToolbox`: the connected one; an opening fails before. */
  readonly agentToolbox: OpenAgentToolbox;
  /** Connects the services; once only. */
  connect(services: ConnectedRunServices): void;
}

/** A port with nothing connected yet: build the runtime with it, then connect it. */
export function createRunServices(): RunServices {
  let connected: ConnectedRunServices | undefined;
  return {
    agentToolbox: (scope, tools) => {
      if (connected === undefined)
        return Promise.reject(new Error('The agent toolbox is not connected to the server yet'));
      return connected.agentToolbox(scope, tools);
    },
    connect(services) {
      if (connected !== undefined) throw new Error('The run services are connected already');
      connected = services;
    },
  };
}
