import { afterEach, describe, expect, it } from 'vitest';
import { acquireSandbox, drainSandboxPool } from './sandbox-pool';

const options = (shouldInterrupt = () => false) => ({ memoryLimitBytes: 32 * 1024 * 1024, shouldInterrupt });

afterEach(() => drainSandboxPool());

describe('the warm sandbox pool', () => {
  it('a run cannot leave state for the next run on a reused sandbox', async () => {
    const first = await acquireSandbox(options());
    const attempts = await first.runCode(
      `export const code = async () => {
         const tries = [];
         try { globalThis.leak = 1; tries.push('global'); } catch (e) {}
         try { Object.prototype.leak = 1; tries.push('prototype'); } catch (e) {}
         try { Array.prototype.push = () => 0; tries.push('push'); } catch (e) {}
         return tries;
       };`,
      {},
    );
    expect(attempts).toEqual({ ok: true, value: [] });
    first.dispose();
    const second = await acquireSandbox(options());
    expect(second.evaluateExpression('[typeof leak, ({}).leak === undefined, [1].push(2)]', {})).toEqual({
      ok: true,
      value: ['undefined', true, 2],
    });
    second.dispose();
  });

  it('the next run gets its own deadline', async () => {
    let expired = true;
    const first = await acquireSandbox(options(() => expired));
    expect(first.evaluateExpression('(() => { while (true) {} })()', {})).toMatchObject({
      ok: false,
      failure: { kind: 'TIMEOUT' },
    });
    first.dispose();
    expired = false;
    const second = await acquireSandbox(options(() => false));
    expect(second.evaluateExpression('1 + 1', {})).toEqual({ ok: true, value: 2 });
    second.dispose();
  });

  it('a sandbox that ran out of memory is not reused', async () => {
    const first = await acquireSandbox(options());
    const outcome = await first.runCode(
      'export const code = async () => { const a = []; while (true) a.push(new Array(1e5).fill(1)); };',
      {},
    );
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'MEMORY_LIMIT_EXCEEDED' } });
    first.dispose();
    const second = await acquireSandbox(options());
    expect(await second.runCode('export const code = async () => 42;', {})).toEqual({ ok: true, value: 42 });
    second.dispose();
  });
});
