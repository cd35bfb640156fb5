import { describe, expect, it } from 'vitest';
import { instantiateQuickJS } from './quickjs-instance';

const MB = 1024 * 1024;

describe('instantiateQuickJS', () => {
  it.each([
    ['a limit plus the 6 MiB of C stack and static data', 32 * MB, 38 * MB],
    ['at least the initial 16 MiB', 1 * MB, 16 * MB],
  ])('caps the memory at %s', async (_, limit, maximum) => {
    const instance = await instantiateQuickJS(limit, () => {});
    expect(instance.maximumBytes).toBe(maximum);
    expect(instance.memory.buffer.byteLength).toBe(16 * MB);
  });

  it('reports each growth, granted or refused at the cap', async () => {
    const growths: boolean[] = [];
    const { memory } = await instantiateQuickJS(32 * MB, (granted) => growths.push(granted));
    memory.grow(16);
    expect(() => memory.grow(1000)).toThrow(RangeError);
    expect(growths).toEqual([true, false]);
  });

  it('gives each instance its own memory', async () => {
    const [first, second] = await Promise.all([
      instantiateQuickJS(32 * MB, () => {}),
      instantiateQuickJS(32 * MB, () => {}),
    ]);
    expect(first.memory).not.toBe(second.memory);
    expect(first.module).not.toBe(second.module);
  });
});
