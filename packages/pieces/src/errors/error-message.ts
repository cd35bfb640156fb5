/** How deep a cause chain is followed. */
const MAX_CAUSES = 5;

/**
 * The message of anything thrown, for a step's error (never `[object Object]`), with its cause
 * chain: each `cause` that says more is added (`fetch failed: getaddrinfo ENOTFOUND slack.com`,
 * `fetch failed: Request to 10.0.0.1 blocked: private address`), up to 5 deep. An error without
 * a message (Node's `AggregateError` of a refused connection to every address of a host) speaks
 * through its errors (`connect ECONNREFUSED ::1:80; connect ECONNREFUSED 127.0.0.1:80`), else its
 * `code`, else its name.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return plainMessage(error);
  let message = ownMessage(error);
  let cause: unknown = error.cause;
  for (let depth = 0; cause instanceof Error && depth < MAX_CAUSES; depth++) {
    const text = ownMessage(cause);
    if (text && !message.includes(text)) message = `${message}: ${text}`;
    cause = cause.cause;
  }
  return message;
}

function ownMessage(error: Error): string {
  if (error.message) return error.message;
  if (error instanceof AggregateError && error.errors.length > 0) {
    return (error.errors as unknown[])
      .map((item) => (item instanceof Error ? ownMessage(item) : plainMessage(item)))
      .join('; ');
  }
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : error.name;
}

function plainMessage(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
