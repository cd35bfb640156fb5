/**
 * Telling "the database is not there" apart from every other database error: a request that
 * failed for it is answered 503 `DATABASE_UNAVAILABLE` (try again later) rather than 500.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting connections: class 08 (connection
 * exception), 57P01-57P03 (shutdown, crash, starting up) and 53300 (too many connections).
 */
const SERVER_STATES = /^(08...|57P0[123]|53300)$/;

/** What the `pg` driver throws, without a code, when a connection fails or is cut. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * The error of a database call that failed because the database could not be reached or dropped
 * the connection; `cause` is the driver's error. Thrown by the PostgreSQL store's pool (see
 * `postgres-pool.ts`) in place of such driver errors, so that they are recognised by type.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super('The database does not answer', { cause });
  }
}

/**
 * The error to throw for driver error `error`: a {@link DatabaseUnavailableError} when it says the
 * connection could not be made or was cut, else `error` itself. For the store's pool wrapper.
 */
export function classifyDatabaseError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const unavailable =
    (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) ||
    (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text)));
  return unavailable ? new DatabaseUnavailableError(error) : error;
}

/**
 * True when `error`, or an error it was caused by, is a {@link DatabaseUnavailableError}. Use it
 * where errors become answers (`infrastructure/http/error-response.ts`); the pool reconnects by itself, so the
 * same request succeeds once the database answers again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 5; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof current !== 'object' || current === null) return false;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
