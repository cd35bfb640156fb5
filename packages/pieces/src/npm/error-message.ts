/**
 * The message of anything thrown, for a step's error (never `[object Object]`). An error's
 * `cause` is added when it says more (`fetch failed: connection to 127.0.0.1 refused ...`).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause: unknown = error.cause;
    if (cause instanceof Error && cause.message && !error.message.includes(cause.message)) {
      return `${error.message}: ${cause.message}`;
    }
    return error.message;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
