/** The HTTP facts of an answer that did not match its schema, as given to the {@link ResponseValidationError} constructor. */
export interface ResponseValidationErrorInit {
  readonly operationId: string;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly method: string;
  readonly url: string;
  /** What is wrong, e.g. `version.id: expected string`. */
  readonly problem: string;
  /** The zod error, or the JSON `SyntaxError` of a body that was not JSON. */
  readonly cause: unknown;
}

/**
 * Thrown when a 2xx answer is not JSON or does not match its endpoint's response schema: the
 * server and this client disagree about the contract (usually different versions). Not retried;
 * pass `validateResponses: false` to receive the JSON unchecked instead.
 */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  /** The endpoint's operationId, e.g. `flows.get`. */
  readonly operationId: string;
  /** The (successful) HTTP status of the answer. */
  readonly status: number;
  /** The `x-request-id` header of the answer, when it had one. */
  readonly requestId: string | undefined;
  /** The HTTP method of the request. */
  readonly method: string;
  /** The full URL of the request. */
  readonly url: string;

  constructor(init: ResponseValidationErrorInit) {
    super(
      `The answer of ${init.operationId} (${init.method} ${init.url}) does not match its schema: ${init.problem}`,
      {
        cause: init.cause,
      },
    );
    this.operationId = init.operationId;
    this.status = init.status;
    this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
  }
}
