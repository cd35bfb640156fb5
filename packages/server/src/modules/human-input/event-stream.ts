/**
 * A `text/event-stream` answer of {@link HumanInputStreamEvent}s: each event is one `data:` line
 * of its JSON and a blank line, the whole of the framing this stream uses (no ids, no event
 * names), so it is written here rather than with a library. A comment line is sent every
 * {@link HEARTBEAT_MS} so that proxies and the server's idle timeout keep a long wait open.
 */
import { Readable } from 'node:stream';
import { isPieceworkError, type HumanInputStreamEvent } from '@piecework/shared';
import { HttpReply } from '../../infrastructure/http/http-reply';

/** How often a silent stream sends a comment line. */
export const HEARTBEAT_MS = 25_000;

/** Sends one event on the stream (nothing once the client went away). */
export type SendEvent = (event: HumanInputStreamEvent) => void;

/** The headers of an event stream: not cached, not transformed, not buffered by proxies. */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * A 200 answer streaming what `produce` sends, then ending. `produce` gets a signal aborted when
 * the client goes away (`closed`, or the stream destroyed): it stops its work then. An error it
 * throws is sent as a `failed` event.
 */
export function eventStreamReply(
  produce: (send: SendEvent, signal: AbortSignal) => Promise<void>,
  options: {
    closed?: AbortSignal | undefined;
    headers?: Record<string, string>;
    /** Told of an error that is not a `PieceworkError` (a bug), sent as INTERNAL_ERROR. */
    onBug?: (error: unknown) => void;
  } = {},
): HttpReply {
  const controller = new AbortController();
  const stream = new Readable({
    read() {},
    destroy(error, callback) {
      controller.abort();
      callback(error);
    },
  });
  options.closed?.addEventListener('abort', () => stream.destroy(), { once: true });
  const write = (text: string) => {
    if (!stream.destroyed && !stream.readableEnded) stream.push(text);
  };
  const send: SendEvent = (event) => write(`data: ${JSON.stringify(event)}\n\n`);
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  void produce(send, controller.signal)
    .catch((error: unknown) => {
      if (!isPieceworkError(error)) options.onBug?.(error);
      send(failedEvent(error));
    })
    .finally(() => {
      clearInterval(heartbeat);
      if (!stream.destroyed) stream.push(null);
    });
  return new HttpReply(200, stream, { ...STREAM_HEADERS, ...options.headers });
}

/** The `failed` event of an error: its `{code, params}`, or INTERNAL_ERROR for a bug. */
export function failedEvent(error: unknown): HumanInputStreamEvent {
  if (isPieceworkError(error)) return { type: 'failed', code: error.code, params: { ...error.params } };
  return { type: 'failed', code: 'INTERNAL_ERROR', params: { message: 'An internal error has occurred' } };
}
