import { describe, expect, it } from 'vitest';
import type { SandboxOutcome } from '../sandbox/sandbox';
import { createResolutionScope, type ExpressionEvaluator, type ResolutionScope } from './resolution-scope';
import { resolveValue, resolveValueWithLog } from './resolve-value';

const noSandbox: ExpressionEvaluator = (expression) => {
  throw new Error(`the sandbox must not be used for ${expression}`);
};

function scope(): ResolutionScope {
  return createResolutionScope({
    trigger: { output: { name: 'Ada', ids: [1, 2] } },
    connections: { api: { key: 's3cret' } },
  });
}

describe('resolveValue', () => {
  it('resolves strings deep inside objects and arrays, keys and non-strings untouched', () => {
    const input = {
      "{{trigger['output'].name}}": "{{trigger['output'].name}}",
      list: ["{{trigger['output'].ids}}", 7, null, false, ["id {{trigger['output'].ids[0]}}"]],
      nested: { deep: { n: 1.5, s: 'plain' } },
    };
    expect(resolveValue(input, scope(), noSandbox)).toEqual({
      "{{trigger['output'].name}}": 'Ada',
      list: [[1, 2], 7, null, false, ['id 1']],
      nested: { deep: { n: 1.5, s: 'plain' } },
    });
  });

  it('returns new containers and never mutates its input', () => {
    const input = { a: { b: ['x'] }, c: "{{trigger['output'].ids}}" };
    const snapshot = structuredClone(input);
    const output = resolveValue(input, scope(), noSandbox) as typeof input;
    expect(input).toEqual(snapshot);
    expect(output).toEqual({ a: { b: ['x'] }, c: [1, 2] });
    expect(output.a).not.toBe(input.a);
    expect(output.a.b).not.toBe(input.a.b);
  });

  it('keeps a __proto__ key as a plain own key', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "{{trigger[\'output\'].name}}"}, "x": 1}') as object;
    const output = resolveValue(input, scope(), noSandbox) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.keys(output)).toEqual(['__proto__', 'x']);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ polluted: 'Ada' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps null-prototype objects null-prototype and class instances as they are', () => {
    const date = new Date(0);
    const bare = Object.assign(Object.create(null) as object, { a: "{{trigger['output'].name}}" });
    const output = resolveValue({ bare, date }, scope(), noSandbox) as { bare: object; date: Date };
    expect(Object.getPrototypeOf(output.bare)).toBeNull();
    expect({ ...output.bare }).toEqual({ a: 'Ada' });
    expect(output.date).toBe(date);
  });

  it('copies only own enumerable keys', () => {
    const input = Object.create({ inherited: 'x' }) as Record<string, unknown>;
    Object.defineProperty(input, 'hidden', { value: 'y', enumerable: false });
    input.own = 'z';
    // not a plain object (custom prototype): kept as it is
    expect(resolveValue(input, scope(), noSandbox)).toBe(input);
    const plain = Object.defineProperty({ own: 'z' }, 'hidden', { value: 'y', enumerable: false });
    expect(Object.getOwnPropertyNames(resolveValue(plain, scope(), noSandbox))).toEqual(['own']);
  });

  it('gives the logged form with {redact: true}', () => {
    const input = {
      auth: "{{connections['api']}}",
      header: 'Key {{connections.api.key}}',
      to: "{{trigger['output'].name}}",
    };
    expect(resolveValue(input, scope(), noSandbox)).toEqual({
      auth: { key: 's3cret' },
      header: 'Key s3cret',
      to: 'Ada',
    });
    expect(resolveValue(input, scope(), noSandbox, { redact: true })).toEqual({
      auth: '**REDACTED**',
      header: 'Key **REDACTED**',
      to: 'Ada',
    });
  });
});

describe('resolveValueWithLog', () => {
  it('evaluates each expression once and gives both forms', () => {
    let calls = 0;
    const evaluate: ExpressionEvaluator = (): SandboxOutcome => ({ ok: true, value: { n: ++calls } });
    const input = { when: '{{ now() }}', auth: "{{connections['api'].key}}", list: ['{{ now() }}', 3] };
    const { value, logged } = resolveValueWithLog(input, scope(), evaluate);
    expect(calls).toBe(2);
    expect(value).toEqual({ when: { n: 1 }, auth: 's3cret', list: [{ n: 2 }, 3] });
    expect(logged).toEqual({ when: { n: 1 }, auth: '**REDACTED**', list: [{ n: 2 }, 3] });
    expect((logged as { when: unknown }).when).not.toBe((value as { when: unknown }).when);
  });
});
