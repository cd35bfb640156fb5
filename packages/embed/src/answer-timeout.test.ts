import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notAnsweringMessage, watchForAnswer } from './answer-timeout';

/** Moves the fake clock `ms` on, firing the timers due by then (however busy the machine). */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** A watch of a stand-in frame (an EventTarget that fires `load`); counts the timeouts. */
function watched(loadTimeoutMs: number) {
  const frame = new EventTarget();
  let timeouts = 0;
  const watch = watchForAnswer({ frame, loadTimeoutMs, onTimeout: () => timeouts++ });
  return { frame, watch, timeouts: () => timeouts };
}

describe('watchForAnswer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out loadTimeoutMs after the load event', async () => {
    const { frame, timeouts } = watched(30);
    frame.dispatchEvent(new Event('load'));
    await pass(15);
    expect(timeouts()).toBe(0);
    await pass(40);
    expect(timeouts()).toBe(1);
  });

  it('times out five loadTimeoutMs after creation when the frame never loads, once', async () => {
    const { timeouts } = watched(10);
    await pass(30);
    expect(timeouts()).toBe(0);
    await pass(60);
    expect(timeouts()).toBe(1);
  });

  it('never times out once stopped (the app answered)', async () => {
    const { frame, watch, timeouts } = watched(10);
    frame.dispatchEvent(new Event('load'));
    watch.stop();
    frame.dispatchEvent(new Event('load'));
    await pass(80);
    expect(timeouts()).toBe(0);
  });
});

describe('notAnsweringMessage', () => {
  it('names the server and the host origin to allow', () => {
    expect(notAnsweringMessage('https://flows.example', 'https://app.host.example')).toBe(
      'Piecework at https://flows.example did not answer: is https://app.host.example one of its allowed embed origins?',
    );
  });
});
