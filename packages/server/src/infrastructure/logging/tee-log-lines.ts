/**
 * Sends every line a pino logger writes to a second destination as well, after the logger was
 * made: the logger's stream (held under `pino.symbols.streamSym`, which pino exposes for
 * integrations) is swapped for a `pino.multistream` of the old stream and the new destination.
 * Child loggers made before or after read the stream through their prototype, so they are teed
 * too. The server uses it to export the lines of whatever logger it was given (its own, or a
 * test's) without changing where they already go.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

type StreamHolder = Record<typeof pino.symbols.streamSym, DestinationStream>;

/**
 * Tees `logger`'s lines (every level it writes) to `destination`; the answer undoes it, putting
 * the logger's own stream back.
 */
export function teeLogLines(logger: Logger, destination: DestinationStream): () => void {
  const holder = logger as unknown as StreamHolder;
  const original = holder[pino.symbols.streamSym];
  holder[pino.symbols.streamSym] = pino.multistream([
    { level: 'trace', stream: original },
    { level: 'trace', stream: destination },
  ]);
  return () => {
    holder[pino.symbols.streamSym] = original;
  };
}
