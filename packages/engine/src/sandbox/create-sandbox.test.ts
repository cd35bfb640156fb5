import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import type { Sandbox, SandboxOptions } from './sandbox';
import { codeReturning, TestSandboxes } from './test-sandboxes';

const sandboxes = new TestSandboxes();
afterEach(() => sandboxes.disposeAll());

const valid: SandboxOptions = { memoryLimitBytes: 32 * 1024 * 1024, shouldInterrupt: () => false };

describe('createSandbox', () => {
  it.each([
    ['a zero memory limit', { ...valid, memoryLimitBytes: 0 }, RangeError],
    ['an infinite memory limit', { ...valid, memoryLimitBytes: Infinity }, RangeError],
    ['a negative stack limit', { ...valid, stackLimitBytes: -1 }, RangeError],
    [
      'a missing shouldInterrupt',
      { ...valid, shouldInterrupt: undefined as unknown as () => boolean },
      TypeError,
    ],
    ['an onLog that is not a function', { ...valid, onLog: 'yes' as unknown as () => void }, TypeError],
  ])('rejects %s', async (_, options, errorClass) => {
    await expect(createSandbox(options)).rejects.toThrow(errorClass);
  });

  it('makes independent sandboxes', async () => {
    const [first, second] = await Promise.all([sandboxes.create(), sandboxes.create()]);
    expect(first!.evaluateExpression('typeof leaked', {})).toEqual({ ok: true, value: 'undefined' });
    expect(second!.evaluateExpression('1', {})).toEqual({ ok: true, value: 1 });
  });
});

describe('dispose', () => {
  it('makes every later use throw, and can be repeated', async () => {
    const sandbox = await createSandbox(valid);
    sandbox.dispose();
    sandbox.dispose();
    expect(() => sandbox.evaluateExpression('1', {})).toThrow('This sandbox was disposed');
    await expect(sandbox.runCode(codeReturning('1'), {})).rejects.toThrow('This sandbox was disposed');
  });

  it('frees a sandbox that timed out, ran out of memory and overflowed its stack', async () => {
    const clock = { late: true };
    const sandbox = await createSandbox({ ...valid, shouldInterrupt: () => clock.late });
    const endless = 'export const code = async () => { while (true) {} };';
    const greedy =
      'export const code = async () => { const a = []; while (true) a.push(new Array(1e5).fill(0)); };';
    const recursive = 'export const code = async () => { const f = () => f(); f(); };';
    expect(await sandbox.runCode(endless, {})).toMatchObject({ failure: { kind: 'TIMEOUT' } });
    clock.late = false;
    expect(await sandbox.runCode(greedy, {})).toMatchObject({ failure: { kind: 'MEMORY_LIMIT_EXCEEDED' } });
    expect(await sandbox.runCode(recursive, {})).toMatchObject({ failure: { kind: 'ERROR' } });
    expect(() => sandbox.dispose()).not.toThrow();
  });
});

describe('host callbacks', () => {
  it('rethrows an exception of shouldInterrupt to the caller; user code cannot catch it', async () => {
    const sandbox = await sandboxes.create({
      shouldInterrupt: () => {
        throw new Error('clock broken');
      },
    });
    const source =
      'export const code = async () => { try { while (true) {} } catch (e) { return String(e); } };';
    await expect(sandbox.runCode(source, {})).rejects.toThrow('clock broken');
    expect(() => sandbox.evaluateExpression('(() => { while (true) {} })()', {})).toThrow('clock broken');
  });

  it('polls shouldInterrupt while code runs, until it answers true', async () => {
    const clock = { polls: 0 };
    const sandbox = await sandboxes.create({ shouldInterrupt: () => ++clock.polls > 3 });
    expect(sandbox.evaluateExpression('1 + 1', {})).toEqual({ ok: true, value: 2 });
    clock.polls = 0;
    expect(sandbox.evaluateExpression('(() => { while (true) {} })()', {})).toMatchObject({
      failure: { kind: 'TIMEOUT' },
    });
    expect(clock.polls).toBe(4);
  });
});

describe('misuse and oversized data', () => {
  it('refuses to be used from a callback of the code it runs', async () => {
    const holder: { sandbox?: Sandbox } = {};
    holder.sandbox = await sandboxes.create({ onLog: () => holder.sandbox?.evaluateExpression('1', {}) });
    await expect(
      holder.sandbox.runCode('export const code = async () => console.log("x");', {}),
    ).rejects.toThrow('A sandbox cannot be used from a callback of the code it runs');
    expect(holder.sandbox.evaluateExpression('2', {})).toEqual({ ok: true, value: 2 });
  });

  it('refuses inputs too large for the memory limit before copying them in', async () => {
    const sandbox = await sandboxes.create({ memoryLimitBytes: 16 * 1024 * 1024 });
    expect(
      await sandbox.runCode(codeReturning('inputs.text.length'), { text: 'x'.repeat(5_000_000) }),
    ).toEqual({
      ok: false,
      failure: {
        kind: 'MEMORY_LIMIT_EXCEEDED',
        message: 'The data given to the code (4.8 MB of JSON) is too large for its memory limit (16 MB)',
      },
    });
    expect(
      await sandbox.runCode(codeReturning('inputs.text.length'), { text: 'x'.repeat(1_000_000) }),
    ).toEqual({
      ok: true,
      value: 1_000_000,
    });
  });
});
