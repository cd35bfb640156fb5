/**
 * The sentence shown for a refused or failed submission, from its `{code, params}`: too many
 * submissions (429) says to try again later, too large (413) names the size limit, anything else
 * shows the server's message (or the code in words).
 */
import { isApiError } from '@piecework/client';
import { errorMessage } from '../../api/error-message';
import type { SubmissionFailure } from './submission-state';

const MEGABYTE = 1024 * 1024;

/** What a thrown refusal (an `ApiError`, a network failure) says as a {@link SubmissionFailure}. */
export function failureOf(error: unknown): SubmissionFailure {
  if (isApiError(error)) return { code: error.code, params: error.params, status: error.status };
  return { code: 'NETWORK', params: { message: errorMessage(error) } };
}

/** The message to show for `failure`. */
export function failureMessage(failure: SubmissionFailure): string {
  if (failure.code === 'RATE_LIMITED' || failure.status === 429) {
    return 'Too many submissions right now. Please try again later.';
  }
  if (failure.code === 'PAYLOAD_TOO_LARGE' || failure.status === 413) {
    return `The submission is too large: the limit is ${sizeLimit(failure.params)}.`;
  }
  const message = failure.params['message'];
  if (typeof message === 'string' && message.length > 0) return message;
  return humanize(failure.code);
}

function sizeLimit(params: Record<string, unknown>): string {
  const { limitMb, limitBytes } = params;
  if (typeof limitMb === 'number') return `${String(limitMb)} MB`;
  if (typeof limitBytes === 'number') {
    return limitBytes >= MEGABYTE
      ? `${String(Math.round((limitBytes / MEGABYTE) * 10) / 10)} MB`
      : `${String(limitBytes)} bytes`;
  }
  return 'the server’s size limit';
}

function humanize(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
