/** How many network errors of a call are kept (the last distinct ones). */
export const MAX_NETWORK_CAUSES = 3;

/**
 * Remembers `message` as the call's latest network error: the last {@link MAX_NETWORK_CAUSES}
 * distinct messages are kept, oldest first (one seen again moves to the end). Returns the new list.
 */
export function rememberNetworkError(errors: readonly string[], message: string): string[] {
  return [...errors.filter((known) => known !== message), message].slice(-MAX_NETWORK_CAUSES);
}

/**
 * A failure message with the network errors its call met that it does not already name, in
 * brackets: `{"response":{"status":500},...} (connect ECONNREFUSED 127.0.0.1:9; getaddrinfo
 * ENOTFOUND nowhere.invalid)`. Use it on the message of a failed piece call, whose piece's
 * error often lost its cause.
 */
export function withNetworkCauses(message: string, errors: readonly string[]): string {
  const missing = errors.filter((error) => error !== '' && !message.includes(error));
  return missing.length === 0 ? message : `${message} (${missing.join('; ')})`;
}
