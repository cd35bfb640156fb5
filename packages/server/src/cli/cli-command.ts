/**
 * What the `piecework` commands that call a running server (`flows`, `project`) share: where they
 * write, how a failure is described, and how an outcome becomes an exit code (0 done, 1 failed,
 * 2 bad command line).
 */
import { isApiError } from '@piecework/client';
import { CliUsageError } from './cli-api-client';

/** Where a command writes, and the environment it reads. */
export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

/** A failure to report on stderr with exit code 1: throw it with the sentence to print. */
export class CommandFailure extends Error {}

/** Why a call to the server failed, in one line: the server's own answer, or why it was not reached. */
export function describeFailure(error: unknown, apiUrl: string): string {
  if (isApiError(error)) {
    const message = typeof error.params['message'] === 'string' ? `: ${error.params['message']}` : '';
    return `the server answered ${String(error.status)} ${error.code}${message}`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `could not reach the server at ${apiUrl}: ${error instanceof Error ? error.message : String(error)}${cause}`;
}

/** The code of an operating-system error (`ENOENT`...), or the error itself as text. */
export function describeFileError(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

/**
 * Runs a command's body and answers its exit code: 0 when it returns, 2 for a
 * {@link CliUsageError}, 1 for a {@link CommandFailure} (either message on stderr). Anything
 * else is a bug and is thrown.
 */
export async function runCliCommand(io: CommandIo, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof CommandFailure) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
