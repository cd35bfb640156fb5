/**
 * The error of a model provider's answer: a non-2xx status, a body that is not what the protocol
 * promises, or no answer at all (`status` undefined).
 */

/**
 * A provider answered an error (non-2xx, or a body that is not a completion): `message` is the
 * provider's own message. Catch it around `ChatModel.complete` to fail the agent step with it.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  /** @param status - the provider's HTTP status, or undefined when it did not answer. */
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** The message of a provider's error body (`{error: {message}}` for OpenAI and Anthropic), if any. */
export function providerMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error !== '') return error;
  if (typeof error === 'object' && error !== null) {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === 'string' && inner !== '') return inner;
  }
  if (typeof message === 'string' && message !== '') return message;
  return undefined;
}
