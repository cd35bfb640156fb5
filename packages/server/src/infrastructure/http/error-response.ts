/**
 * The one error mapping: whatever a route throws (or Fastify refuses before the route runs)
 * becomes `{code, params}` with a fitting status. A database that does not answer is 503
 * DATABASE_UNAVAILABLE. Unexpected errors are 500 INTERNAL_ERROR with the request id, never a
 * stack trace.
 */
import { isPieceworkError, type ErrorBody } from '@piecework/shared';
import { isDatabaseUnavailable } from '../storage/database-unavailable';

/** Status and body to answer an error with, and whether it is the server's fault. */
export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  unexpected: boolean;
}

interface FastifyLikeError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  validation?: unknown;
}

/** Maps a thrown value to its answer. */
export function errorResponse(error: unknown, requestId: string): ErrorResponse {
  if (isPieceworkError(error)) {
    return { status: error.status, body: error.toBody(), unexpected: false };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        code: 'DATABASE_UNAVAILABLE',
        params: { message: 'The database does not answer; try again shortly' },
      },
      unexpected: false,
    };
  }
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as FastifyLikeError;
  const message = typeof fastifyError.message === 'string' ? fastifyError.message : 'Bad request';
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', params: { message: 'The request body is too large' } },
      unexpected: false,
    };
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', params: { message: 'Send the body as application/json' } },
      unexpected: false,
    };
  }
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status: 400, body: { code: 'VALIDATION', params: { message } }, unexpected: false };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', params: { message: 'Internal server error', requestId } },
    unexpected: true,
  };
}
