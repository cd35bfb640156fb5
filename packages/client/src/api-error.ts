import { ErrorBody, type ErrorCode, type ErrorParams } from '@piecework/shared';

/** The code of an {@link ApiError}: one of the server's codes, or `UNKNOWN` when the body was not `{code, params}`. */
export type ApiErrorCode = ErrorCode | 'UNKNOWN';

/** The HTTP facts of a failed call, as given to the {@link ApiError} constructor. */
export interface ApiErrorInit {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly params: ErrorParams;
  readonly requestId: string | undefined;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly cause?: unknown;
}

/**
 * Thrown by every client method when the server answers with a non-2xx status (after retries).
 * Check it by `code` (or `status`), never by message:
 * ```ts
 * try { return await client.flows.get(id); }
 * catch (e) { if (isApiError(e, 'ENTITY_NOT_FOUND')) return null; throw e; }
 * ```
 * Quote `requestId` when reporting a server fault: the server logs it with the request.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, e.g. 404. */
  readonly status: number;
  /** The `code` of the `{code, params}` body, or `UNKNOWN` when the body was not that shape. */
  readonly code: ApiErrorCode;
  /** The `params` of the body (e.g. `{message, entityType, entityId}`), `{}` when it had none. */
  readonly params: ErrorParams;
  /** The `x-request-id` header of the answer, when it had one. */
  readonly requestId: string | undefined;
  /** The HTTP method of the request, e.g. `GET`. */
  readonly method: string;
  /** The full URL of the request, query string included. */
  readonly url: string;
  /** The body as received: parsed JSON, or the raw text when it was not JSON (`undefined` when empty). */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    const message = typeof init.params['message'] === 'string' ? init.params['message'] : undefined;
    super(
      `${init.method} ${init.url} answered ${init.status} ${init.code}${message === undefined ? '' : `: ${message}`}`,
      {
        cause: init.cause,
      },
    );
    this.status = init.status;
    this.code = init.code;
    this.params = init.params;
    this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }
}

/** True when `error` is an {@link ApiError}, optionally of the given code. Use it in `catch` blocks. */
export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Reads a non-2xx answer into an {@link ApiError} (the body is consumed). */
export async function apiErrorFromResponse(
  response: Response,
  request: { method: string; url: string },
  cause?: unknown,
): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const body = parseJsonOrText(text);
  const parsed = ErrorBody.safeParse(body);
  return new ApiError({
    status: response.status,
    code: parsed.success ? parsed.data.code : 'UNKNOWN',
    params: parsed.success ? parsed.data.params : {},
    requestId: response.headers.get('x-request-id') ?? undefined,
    method: request.method,
    url: request.url,
    body,
    cause,
  });
}

function parseJsonOrText(text: string): unknown {
  if (text === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
