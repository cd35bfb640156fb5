/**
 * When deliveries are retried and how long one may take: the dispatcher's options with their
 * defaults, and the exponential backoff between attempts.
 */

/** Options of the event dispatcher; every one has a default. */
export interface EventDeliveryOptions {
  /** Attempts per event and destination, the first included. Default 5. */
  maxAttempts?: number;
  /** Wait before the second attempt, in ms; each later wait doubles it. Default 30 000 (30 s, 1, 2, 4 min). */
  retryBaseMs?: number;
  /** Longest wait for a destination's answer, in ms. Default 10 000. */
  requestTimeoutMs?: number;
  /** Longest wait between two looks for due deliveries, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Deliveries sent at once by one process. Default 8. */
  concurrency?: number;
}

/** {@link EventDeliveryOptions} with every default applied. */
export type ResolvedEventDeliveryOptions = Required<EventDeliveryOptions>;

/** The options with their defaults. */
export function resolveEventDeliveryOptions(
  options: EventDeliveryOptions = {},
): ResolvedEventDeliveryOptions {
  return {
    maxAttempts: options.maxAttempts ?? 5,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    concurrency: options.concurrency ?? 8,
  };
}

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed, in ms, or null when
 * `attempt` was the last: `retryBaseMs * 2^(attempt - 1)`.
 */
export function retryDelayMs(attempt: number, options: ResolvedEventDeliveryOptions): number | null {
  if (attempt >= options.maxAttempts) return null;
  return options.retryBaseMs * 2 ** (attempt - 1);
}

/**
 * How long a claimed delivery is held by the process sending it, in ms: past it (the process
 * died), another takes it up. Longer than any send may take.
 */
export function deliveryLeaseMs(options: ResolvedEventDeliveryOptions): number {
  return options.requestTimeoutMs * 2 + 30_000;
}
