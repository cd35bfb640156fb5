import type { Readable } from 'node:stream';

const MAX_LINE = 10_000;

/**
 * Reads a stream to its end (a piped stdout or stderr must be drained, or the child blocks once
 * the pipe is full) and hands each line, cut at 10 000 characters, to `onLine` when given.
 */
export function drainLines(stream: Readable | null, onLine: ((line: string) => void) | undefined): void {
  if (!stream) return;
  if (!onLine) {
    stream.resume();
    return;
  }
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      onLine(buffered.slice(0, newline).slice(0, MAX_LINE));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
    if (buffered.length > MAX_LINE) {
      onLine(buffered.slice(0, MAX_LINE));
      buffered = '';
    }
  });
  stream.on('end', () => {
    if (buffered) onLine(buffered);
  });
}
