/**
 * How the `piecework` commands that talk to a running server (`piecework flows ...`) find it: the
 * API URL and API key from `--api-url` / `--api-key`, else `AP_API_URL` / `AP_API_KEY`, else
 * `http://127.0.0.1:<AP_PORT or 3000>/api` and no key.
 */
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';

/** A command's arguments with the connection flags taken out, and the client they name. */
export interface CliApiConnection {
  readonly client: PieceworkClient;
  /** The API root the client calls, e.g. `http://127.0.0.1:3000/api` (for messages). */
  readonly apiUrl: string;
  /** The arguments left once `--api-url` and `--api-key` (and their values) are removed. */
  readonly rest: string[];
}

/** A command line the command cannot use; `message` says why, for stderr. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/**
 * Takes the value of `--name value` or `--name=value` out of `args` (the other arguments are
 * returned in order); `undefined` when the flag is absent. A flag without a value is refused.
 */
export function takeFlag(
  args: readonly string[],
  name: string,
): { value: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let value: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === `--${name}`) {
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) throw new CliUsageError(`--${name} needs a value`);
      value = next;
      i += 1;
    } else if (arg.startsWith(`--${name}=`)) {
      value = arg.slice(name.length + 3);
      if (value === '') throw new CliUsageError(`--${name} needs a value`);
    } else {
      rest.push(arg);
    }
  }
  return { value, rest };
}

/**
 * The client of the server `args` and `env` name (see the module comment). The URL must be http(s);
 * a trailing `/api` is the API root the client adds itself, so it is removed from the base.
 */
export function connectToApi(
  args: readonly string[],
  env: Record<string, string | undefined>,
): CliApiConnection {
  const url = takeFlag(args, 'api-url');
  const key = takeFlag(url.rest, 'api-key');
  const port = env['AP_PORT'] === undefined || env['AP_PORT'] === '' ? '3000' : env['AP_PORT'];
  const apiUrl = url.value ?? env['AP_API_URL'] ?? `http://127.0.0.1:${port}/api`;
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch {
    throw new CliUsageError(`the API URL ${apiUrl} is not a URL (expected e.g. http://127.0.0.1:3000/api)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CliUsageError(`the API URL ${apiUrl} is not http(s)`);
  }
  const baseUrl = apiUrl.replace(/\/+$/, '').replace(/\/api$/, '');
  const token = key.value ?? env['AP_API_KEY'];
  const client = createPieceworkClient({
    baseUrl,
    ...(token === undefined || token === '' ? {} : { token }),
    retry: 0,
  });
  return { client, apiUrl: client.apiUrl, rest: key.rest };
}
