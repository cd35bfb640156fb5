/**
 * `piecework start`: reads the configuration once, opens (or creates) the SQLite file under
 * AP_CONFIG_PATH, listens on AP_PORT and prints where the server is and what to do next. An
 * invalid `AP_*` value stops start-up with a message naming the variable (exit code 1); so does a
 * server that cannot start (its database file held by another process, its port taken), with
 * the reason.
 */
import { isPieceworkError } from '@piecework/shared';
import { loadServerSettings } from '../infrastructure/config/server-settings';
import { createServer, type PieceworkServer } from '../create-server';

/** Where the command writes, and the environment it reads. */
export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

/** A started server and how to stop it. */
export interface StartedServer {
  server: PieceworkServer;
  url: string;
}

/**
 * Starts the server; answers with it, or with the exit code when start-up failed (already reported
 * on `io.err`).
 */
export async function runStartCommand(io: CommandIo): Promise<StartedServer | number> {
  let settings;
  try {
    settings = loadServerSettings(io.env);
  } catch (error) {
    if (isPieceworkError(error)) {
      io.err(`piecework: ${error.message}`);
      return 1;
    }
    throw error;
  }
  let server: PieceworkServer | undefined;
  let url: string;
  try {
    server = await createServer({ settings });
    url = await server.listen();
  } catch (error) {
    await server?.close();
    io.err(`piecework: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const api = `${url}/api`;
  for (const line of [
    `Piecework is listening on ${url}`,
    `  data:    ${settings.databaseFile}`,
    `  API:     ${api}/v1  (OpenAPI description: ${api}/v1/docs)`,
    '',
    server.servesWebApp
      ? `Next: open ${url} in your browser to create your account or sign in.`
      : 'Next: create your account (a platform with your own project) and keep the token it answers:',
    ...(server.servesWebApp
      ? []
      : [
          `  curl -s -X POST ${api}/v1/authentication/sign-up -H 'content-type: application/json' \\`,
          `    -d '{"email":"you@example.com","password":"a long password","firstName":"Ada","lastName":"Lovelace"}'`,
          'Then drive the API with that token (or an API key from POST /v1/api-keys), e.g. with @piecework/client.',
        ]),
  ]) {
    io.out(line);
  }
  return { server, url };
}
