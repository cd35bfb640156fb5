/**
 * The answer to a client error Node detects before any route runs (a request cut off by the
 * headers or request timeout, headers over the size limit, bytes that are not HTTP), in the one
 * error shape `{code, params}` instead of Fastify's own; the connection is then closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@piecework/shared';

/** Status and body of a client error with Node's `code`. */
export function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorBody } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        body: { code: 'REQUEST_TIMEOUT', params: { message: 'The request was not received in time' } },
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        body: { code: 'VALIDATION', params: { message: 'The request headers are too large' } },
      };
    default:
      return {
        status: 400,
        body: { code: 'VALIDATION', params: { message: 'The request is not valid HTTP' } },
      };
  }
}

/** Fastify's `clientErrorHandler`: writes the answer (when the socket still takes it) and closes. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = clientErrorAnswer(error.code);
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(text))}\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}
