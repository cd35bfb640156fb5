import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

const item = (group: string, n: number) => ({ group, n });
const always = (_group: string, _running: number): boolean => true;

/** Takes items until none may run, answering `group:n` for each. */
function takeAll(
  queue: FairQueue<{ group: string; n: number }>,
  mayRun: (group: string, running: number) => boolean = always,
): string[] {
  const taken: string[] = [];
  for (let next = queue.take(mayRun); next; next = queue.take(mayRun)) taken.push(`${next.group}:${next.n}`);
  return taken;
}

describe('FairQueue', () => {
  it.each([
    [
      'one group keeps its order',
      [
        ['a', 1],
        ['a', 2],
        ['a', 3],
      ],
      ['a:1', 'a:2', 'a:3'],
    ],
    [
      'a group with many waiting takes turns with one that has few',
      [
        ['a', 1],
        ['a', 2],
        ['a', 3],
        ['b', 1],
        ['c', 1],
      ],
      ['a:1', 'b:1', 'c:1', 'a:2', 'a:3'],
    ],
    [
      'groups alternate when both have several',
      [
        ['a', 1],
        ['a', 2],
        ['b', 1],
        ['b', 2],
      ],
      ['a:1', 'b:1', 'a:2', 'b:2'],
    ],
  ] as const)('%s', (_, pushed, expected) => {
    const queue = new FairQueue<{ group: string; n: number }>();
    for (const [group, n] of pushed) queue.push(item(group, n));
    expect(takeAll(queue)).toEqual(expected);
    expect(queue.length).toBe(0);
  });

  it('gives the next item to the group running the fewest', () => {
    const queue = new FairQueue<{ group: string; n: number }>();
    queue.push(item('a', 1));
    queue.push(item('a', 2));
    expect(queue.take(always)?.n).toBe(1); // a runs 1
    queue.push(item('b', 1));
    expect(queue.take(always)).toEqual(item('b', 1));
    queue.done('b');
    queue.push(item('b', 2));
    // a runs 1, b runs 0: b goes first although a's item waited longer.
    expect(queue.take(always)).toEqual(item('b', 2));
  });

  it('leaves a group at its cap waiting while others go on, and lets it go once it runs less', () => {
    const queue = new FairQueue<{ group: string; n: number }>();
    const capOne = (_: string, running: number) => running < 1;
    queue.push(item('a', 1));
    queue.push(item('a', 2));
    queue.push(item('b', 1));
    expect(takeAll(queue, capOne)).toEqual(['a:1', 'b:1']);
    expect(queue.hasRunnable(capOne)).toBe(false);
    expect(queue.runningOf('a')).toBe(1);
    queue.done('a');
    expect(queue.hasRunnable(capOne)).toBe(true);
    expect(takeAll(queue, capOne)).toEqual(['a:2']);
  });

  it('removes a waiting item once, and drains the rest', () => {
    const queue = new FairQueue<{ group: string; n: number }>();
    const removed = item('a', 1);
    queue.push(removed);
    queue.push(item('b', 1));
    queue.push(item('a', 2));
    expect(queue.remove(removed)).toBe(true);
    expect(queue.remove(removed)).toBe(false);
    expect(queue.drain().map(({ group, n }) => `${group}:${n}`)).toEqual(['a:2', 'b:1']);
    expect(queue.length).toBe(0);
  });
});
