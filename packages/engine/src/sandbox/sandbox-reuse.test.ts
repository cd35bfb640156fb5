import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { TestSandboxes } from './test-sandboxes';

const sandboxes = new TestSandboxes();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await sandboxes.create();
});
afterAll(() => sandboxes.disposeAll());

const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

describe('one sandbox serves a whole run', () => {
  it('evaluates 1,000 small expressions', () => {
    const expressions = [
      'n + 1',
      'item.tags.length * n',
      '`#${n}`',
      'list.filter((x) => x % 2 === 0).length',
    ];
    const outcomes = range(1000).map((n) => {
      const scope = { n, item: { tags: ['a', 'b'] }, list: range(n % 10) };
      return sandbox.evaluateExpression(expressions[n % expressions.length]!, scope);
    });
    const expected = range(1000).map((n) => {
      const values = [n + 1, 2 * n, `#${n}`, Math.ceil((n % 10) / 2)];
      return { ok: true, value: values[n % values.length] };
    });
    expect(outcomes).toEqual(expected);
  });

  it('runs 100 code steps', async () => {
    const sources = [
      'export const code = async (inputs: { n: number }) => ({ double: inputs.n * 2 });',
      'export const code = async (inputs) => { const total = await Promise.resolve(inputs.n); return [total, String(total)]; };',
    ];
    const outcomes = [];
    for (const n of range(100)) outcomes.push(await sandbox.runCode(sources[n % 2]!, { n }));
    expect(outcomes).toEqual(
      range(100).map((n) => ({ ok: true, value: n % 2 === 0 ? { double: n * 2 } : [n, String(n)] })),
    );
  });

  it('keeps working after failed steps', async () => {
    expect(
      await sandbox.runCode('export const code = async () => { throw new Error("x"); };', {}),
    ).toMatchObject({ ok: false });
    expect(sandbox.evaluateExpression('missing', {})).toMatchObject({ ok: false });
    expect(sandbox.evaluateExpression('1 + 1', {})).toEqual({ ok: true, value: 2 });
  });
});
