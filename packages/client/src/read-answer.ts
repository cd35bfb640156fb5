import type { Endpoint, EndpointOutput } from '@piecework/shared';
import { ResponseValidationError } from './response-validation-error';

/** The result of calling endpoint `E`: the output type of its response schema (`undefined` without one). */
export type EndpointResult<E extends Endpoint> = EndpointOutput<E['response']>;

interface AnswerContext {
  readonly method: string;
  readonly url: string;
  readonly validate: boolean;
}

/**
 * The result of a 2xx answer: `undefined` for 204, an empty body, or an endpoint without a response
 * schema; otherwise the JSON, parsed with the response schema unless `validate` is off.
 */
export async function readAnswer<E extends Endpoint>(
  endpoint: E,
  response: Response,
  context: AnswerContext,
): Promise<EndpointResult<E>> {
  const text = response.status === 204 ? '' : await response.text();
  if (text === '' || endpoint.response === undefined) {
    return undefined as EndpointResult<E>;
  }
  const fail = (problem: string, cause: unknown) =>
    new ResponseValidationError({
      operationId: endpoint.operationId,
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? undefined,
      method: context.method,
      url: context.url,
      problem,
      cause,
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fail('the body is not JSON', error);
  }
  if (!context.validate) {
    return json as EndpointResult<E>;
  }
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((issue) => {
      const path = issue.path.map(String).join('.');
      return `${path === '' ? '(root)' : path}: ${issue.message}`;
    });
    throw fail(problems.join('; '), parsed.error);
  }
  return parsed.data as EndpointResult<E>;
}
