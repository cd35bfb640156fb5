import ky, { type KyInstance } from 'ky';

/** How GET requests are retried; POST, DELETE and the rest are never retried. */
export interface RetryOptions {
  /** Retries after the first attempt (`0`: never retry). Default `2`. */
  readonly limit?: number;
  /**
   * The longest wait between two attempts, in milliseconds. Waits grow from 300 ms, doubling;
   * a `Retry-After` header (on 429 and 503) is honoured up to this cap. Default `10_000`.
   */
  readonly maxDelayMs?: number;
}

/** Options of {@link createPieceworkClient}. */
export interface PieceworkClientOptions {
  /**
   * The server's origin, e.g. `http://localhost:3000` (or the origin plus a reverse-proxy prefix).
   * The client adds `/api`; trailing slashes are ignored.
   */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`: an API key (`sk-...`) or a session token. Default none. */
  readonly token?: string;
  /**
   * Extra headers sent on every request, e.g. `{ 'If-Match': '"<version.updated>"' }` so that a
   * flow operation applies only to the version the caller last saw (409 CONFLICT otherwise).
   * `Accept`, and `Authorization` when `token` is set, are the client's own. Default none.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to call (a test double, a proxy-aware fetch...). Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Time limit of each attempt, in milliseconds (`false`: none). Default `30_000`. */
  readonly timeoutMs?: number | false;
  /** Retries of GET requests on 408, 429, 5xx and network failures; a number is the limit. Default `{ limit: 2 }`. */
  readonly retry?: number | RetryOptions;
  /**
   * Parse every answer with its endpoint's response schema (defaults applied, unknown fields
   * stripped, a mismatch throws {@link ResponseValidationError}). With `false` the JSON is returned
   * as sent, so the result types are only as true as the server. Default `true`.
   */
  readonly validateResponses?: boolean;
}

/** Everything a call needs, resolved once from {@link PieceworkClientOptions}. */
export interface ResolvedClientOptions {
  /** `baseUrl` without trailing slashes, plus `/api`. */
  readonly apiUrl: string;
  readonly token: string | undefined;
  /** The extra headers of every request (`headers`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly validateResponses: boolean;
  /** The ky instance (fetch, timeout and retry policy applied). */
  readonly http: KyInstance;
}

const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_LIMIT = 2;
const DEFAULT_MAX_DELAY_MS = 10_000;

/** Checks and resolves the options; throws a `TypeError` for a `baseUrl` that is not an absolute URL. */
export function resolveClientOptions(options: PieceworkClientOptions): ResolvedClientOptions {
  assertAbsoluteUrl(options.baseUrl);
  const retry = typeof options.retry === 'number' ? { limit: options.retry } : (options.retry ?? {});
  const maxDelayMs = retry.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const http = ky.create({
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: true,
    retry: {
      limit: retry.limit ?? DEFAULT_RETRY_LIMIT,
      methods: ['get'],
      statusCodes: RETRY_STATUS_CODES,
      afterStatusCodes: [429, 503],
      backoffLimit: maxDelayMs,
      maxRetryAfter: maxDelayMs,
    },
  });
  return {
    apiUrl: `${options.baseUrl.replace(/\/+$/, '')}/api`,
    token: options.token,
    headers: options.headers ?? {},
    validateResponses: options.validateResponses ?? true,
    http,
  };
}

function assertAbsoluteUrl(baseUrl: string): void {
  try {
    new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute URL such as http://localhost:3000, got "${baseUrl}"`);
  }
}
