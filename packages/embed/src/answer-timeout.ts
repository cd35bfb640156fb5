/**
 * Detects a frame the browser refused: when the host's origin is not among the server's allowed
 * embed origins, the server's `frame-ancestors` policy blocks the page, the frame still fires
 * `load`, and no `CLIENT_INIT` ever comes. Without this, `configure()` would wait forever.
 */

/** Default wait after the frame's `load` event, in ms. */
export const DEFAULT_LOAD_TIMEOUT_MS = 3000;

/** How many `loadTimeoutMs` to wait from the frame's creation (a page that never loads). */
const CREATION_TIMEOUT_FACTOR = 5;

/** The frame whose `load` event starts the short wait. */
export interface LoadEventSource {
  addEventListener(type: 'load', listener: () => void): void;
  removeEventListener(type: 'load', listener: () => void): void;
}

/** A running watch; stop it when the app answers or the frame goes away. */
export interface AnswerWatch {
  stop(): void;
}

/**
 * Calls `onTimeout` once when `loadTimeoutMs` pass after the frame's `load` event, or five times
 * that after now, unless `stop()` is called first.
 */
export function watchForAnswer(options: {
  frame: LoadEventSource;
  loadTimeoutMs: number | undefined;
  onTimeout: () => void;
}): AnswerWatch {
  const afterLoad = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(creationTimer);
    clearTimeout(loadTimer);
    options.frame.removeEventListener('load', onLoad);
  };
  const fire = () => {
    stop();
    options.onTimeout();
  };
  const onLoad = () => {
    clearTimeout(loadTimer);
    loadTimer = setTimeout(fire, afterLoad);
  };
  const creationTimer = setTimeout(fire, afterLoad * CREATION_TIMEOUT_FACTOR);
  options.frame.addEventListener('load', onLoad);
  return { stop };
}

/** The error message of a frame that did not answer. */
export function notAnsweringMessage(instanceOrigin: string, hostOrigin: string): string {
  return `Piecework at ${instanceOrigin} did not answer: is ${hostOrigin} one of its allowed embed origins?`;
}
