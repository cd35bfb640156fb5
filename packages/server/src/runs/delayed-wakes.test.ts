import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedWakes } from './delayed-wakes';

describe('DelayedWakes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes at each instant asked, earliest first, merging instants closer than 20 ms', () => {
    vi.useFakeTimers({ now: 0 });
    const wakes: number[] = [];
    const delayed = new DelayedWakes(() => wakes.push(Date.now()));
    delayed.at(300);
    delayed.at(100);
    delayed.at(110); // merged with 100
    delayed.at(200);
    expect(delayed.pending).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(wakes).toEqual([100, 200, 300]);
    expect(delayed.pending).toBe(0);
  });

  it('stops waking once stopped', () => {
    vi.useFakeTimers({ now: 0 });
    const wake = vi.fn();
    const delayed = new DelayedWakes(wake);
    delayed.at(100);
    delayed.stop();
    vi.advanceTimersByTime(1000);
    expect(wake).not.toHaveBeenCalled();
    expect(delayed.pending).toBe(0);
  });
});
