import net from 'node:net';
import { errorMessage } from '../../errors/error-message';

/**
 * Calls `onError` with every error a socket of this process emits (a refused connection, a
 * failed DNS lookup, a TLS handshake or certificate failure, a connection the SSRF filter
 * refused), before its own listeners get it, by wrapping `net.Socket.prototype.emit` (every
 * TCP and TLS socket: `net`, `tls`, `http`, `https`, undici's `fetch`). Nothing else changes:
 * an error without listeners still throws as before. For a piece process, whose pieces'
 * HTTP clients often drop the cause (pieces-common's `HttpError` keeps only a status 500).
 * Returns the function that removes the wrapper.
 */
export function watchSocketErrors(onError: (error: unknown) => void): () => void {
  const prototype = net.Socket.prototype;
  const hadOwn = Object.prototype.hasOwnProperty.call(prototype, 'emit');
  const original = prototype.emit as (
    this: net.Socket,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  prototype.emit = function emit(this: net.Socket, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error') {
      try {
        onError(args[0]);
      } catch {
        // A watcher never changes what the socket's own listeners see.
      }
    }
    return original.call(this, event, ...args);
  } as typeof prototype.emit;
  return () => {
    if (hadOwn) prototype.emit = original as typeof prototype.emit;
    else delete (prototype as Partial<net.Socket>).emit;
  };
}

/**
 * The message of a socket error, for a step error: an OpenSSL error as its library and reason
 * (`SSL routines: tlsv13 alert certificate required`, not OpenSSL's multi-line error string),
 * anything else as {@link errorMessage} says it.
 */
export function socketErrorMessage(error: unknown): string {
  const { library, reason } = (typeof error === 'object' && error !== null ? error : {}) as {
    library?: unknown;
    reason?: unknown;
  };
  if (typeof library === 'string' && typeof reason === 'string') return `${library}: ${reason}`;
  return errorMessage(error);
}
