/**
 * Turns whatever a call threw into the sentence a user reads: the server's `{code, params}` error
 * (its `params.message` when it has one, else the code in words), a network failure, or a timeout.
 */
import { isApiError } from '@piecework/client';

/** The message to show for `error`, e.g. in a form's alert or a toast. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const params = error.params as Record<string, unknown> | undefined;
    const message = params?.['message'];
    if (typeof message === 'string' && message.length > 0) return message;
    return humanize(error.code);
  }
  if (error instanceof TypeError) return 'The server cannot be reached. Check your connection and try again.';
  if (error instanceof Error && error.name === 'TimeoutError') return 'The server took too long to answer.';
  return error instanceof Error ? error.message : String(error);
}

/** `ENTITY_NOT_FOUND` -> `Entity not found`. */
function humanize(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
