import type { SandboxFailure, SandboxOutcome } from './sandbox';

/** The message of a stack overflow, as V8 words it. */
export const STACK_OVERFLOW_MESSAGE = 'Maximum call stack size exceeded';

/** Globals of Node.js and browsers that code steps do not have; naming one gets a hint. */
const HOST_GLOBALS = new Set(
  (
    'setTimeout setInterval setImmediate clearTimeout clearInterval clearImmediate queueMicrotask ' +
    'fetch XMLHttpRequest WebSocket require process Buffer module __dirname __filename window ' +
    'document navigator crypto performance'
  ).split(' '),
);

const NOT_DEFINED = /^'?([\w$]+)'? is not defined$/;

/** A failed outcome. */
export function failed(failure: SandboxFailure): SandboxOutcome {
  return { ok: false, failure };
}

/**
 * An ERROR failure with a thrown value's message. "X is not defined" for a Node.js or browser
 * global gets a hint that code steps have no such APIs.
 */
export function errorFailure(message: string): SandboxFailure {
  const name = NOT_DEFINED.exec(message)?.[1];
  if (name !== undefined && HOST_GLOBALS.has(name)) {
    return {
      kind: 'ERROR',
      message: `${message} (code steps have no timers, network, npm packages or Node.js APIs)`,
    };
  }
  return { kind: 'ERROR', message };
}

/** The run's deadline passed while sandboxed code ran. */
export function timeoutFailure(): SandboxFailure {
  return { kind: 'TIMEOUT', message: "The code was stopped: the run's time limit was reached" };
}

/** Sandboxed code used more memory than the sandbox's limit. */
export function memoryFailure(memoryLimitBytes: number): SandboxFailure {
  const megabytes = Math.round((memoryLimitBytes / (1024 * 1024)) * 10) / 10;
  return { kind: 'MEMORY_LIMIT_EXCEEDED', message: `The code ran out of memory (limit: ${megabytes} MB)` };
}

/** A value (scope, inputs or source) too large to enter the sandbox within its memory limit. */
export function tooLargeFailure(length: number, memoryLimitBytes: number): SandboxFailure {
  const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return {
    kind: 'MEMORY_LIMIT_EXCEEDED',
    message: `The data given to the code (${megabytes(length)} MB of JSON) is too large for its memory limit (${megabytes(memoryLimitBytes)} MB)`,
  };
}

/** A code step awaited something that can never settle inside the sandbox. */
export function neverSettledFailure(): SandboxFailure {
  return {
    kind: 'ERROR',
    message:
      'The code step never finished: it awaits a promise that nothing can settle. Timers (setTimeout) and network requests are not available in code steps.',
  };
}
