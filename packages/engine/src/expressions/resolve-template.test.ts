import { describe, expect, it } from 'vitest';
import type { SandboxOutcome } from '../sandbox/sandbox';
import { createResolutionScope, type ExpressionEvaluator, type ResolutionScope } from './resolution-scope';
import { resolveTemplate } from './resolve-template';
import { SandboxLimitError } from './sandbox-limit-error';

/**
 * A stand-in for the QuickJS sandbox (which is built separately): a table from expression text
 * to what it evaluates to given the variables it received. Unknown expressions fail the test.
 * It records every call so tests can check which variables were marshalled.
 */
function stubEvaluator(
  table: Record<string, (variables: Readonly<Record<string, unknown>>) => SandboxOutcome>,
): {
  evaluate: ExpressionEvaluator;
  calls: { expression: string; names: string[] }[];
} {
  const calls: { expression: string; names: string[] }[] = [];
  const evaluate: ExpressionEvaluator = (expression, variables) => {
    calls.push({ expression, names: Object.keys(variables).sort() });
    const entry = table[expression];
    if (entry === undefined) {
      throw new Error(`unexpected sandbox call: ${expression}`);
    }
    return entry(variables);
  };
  return { evaluate, calls };
}

const ok = (value: unknown): SandboxOutcome => ({ ok: true, value });
const error = (message: string): SandboxOutcome => ({ ok: false, failure: { kind: 'ERROR', message } });

const noSandbox: ExpressionEvaluator = (expression) => {
  throw new Error(`the sandbox must not be used for ${expression}`);
};

function steps(): ResolutionScope {
  return createResolutionScope({
    trigger: {
      output: { body: { name: 'Ada', count: 3, tags: ['a', 'b'], nested: { ok: true }, none: null } },
    },
    step_1: { output: { items: [{ id: 1 }, { id: 2 }], text: 'hello' } },
    step_2: { output: 'plain', error: { message: 'boom' } },
  });
}

describe('resolveTemplate', () => {
  describe('a single token keeps the value type', () => {
    it.each<[string, unknown]>([
      ["{{trigger['output'].body.count}}", 3],
      ["{{trigger['output'].body.tags}}", ['a', 'b']],
      ["{{trigger['output'].body.nested}}", { ok: true }],
      ["{{trigger['output'].body.nested.ok}}", true],
      ["{{trigger['output'].body.name}}", 'Ada'],
      ["  {{ trigger['output'].body.count }}\n", 3],
      ["{{step_1['output'].items[1].id}}", 2],
      ["{{step_2['error'].message}}", 'boom'],
      ['{{step_2}}', { output: 'plain', error: { message: 'boom' } }],
      ["{{trigger['output'].body.none}}", ''],
      ["{{trigger['output'].body.missing}}", ''],
      ["{{step_1['output'].text.length}}", 5],
      ["{{step_1['output'].text[1]}}", 'e'],
      ["{{step_1['output'].items.length}}", 2],
      ['{{}}', ''],
      ['{{   }}', ''],
    ])('%s', (text, expected) => {
      expect(resolveTemplate(text, steps(), noSandbox)).toEqual(expected);
    });
  });

  describe('several tokens or surrounding text interpolate', () => {
    it.each<[string, string]>([
      ["Hi {{trigger['output'].body.name}}!", 'Hi Ada!'],
      ["n={{trigger['output'].body.count}}", 'n=3'],
      ["{{trigger['output'].body.tags}} and {{trigger['output'].body.nested}}", '["a","b"] and {"ok":true}'],
      ["[{{trigger['output'].body.none}}]", '[]'],
      ["[{{step_9['output']}}]", '[]'],
      ["{{trigger['output'].body.name}}{{trigger['output'].body.name}}", 'AdaAda'],
      ["ok: {{trigger['output'].body.nested.ok}}", 'ok: true'],
    ])('%s', (text, expected) => {
      expect(resolveTemplate(text, steps(), noSandbox)).toBe(expected);
    });
  });

  it('returns a string without tokens as it is', () => {
    expect(resolveTemplate('no {{ here', steps(), noSandbox)).toBe('no {{ here');
    expect(resolveTemplate('', steps(), noSandbox)).toBe('');
  });

  describe('plain paths read own properties only', () => {
    it.each([
      "{{step_1['output'].__proto__}}",
      "{{step_1['output']['__proto__']}}",
      "{{step_1['output'].constructor}}",
      "{{step_1['output'].items.constructor.prototype}}",
      "{{step_1['output'].toString}}",
      "{{step_1['output'].items.map}}",
      "{{step_1['output'].hasOwnProperty}}",
    ])('%s is empty', (text) => {
      expect(resolveTemplate(text, steps(), noSandbox)).toBe('');
    });

    it('never reads a constructor segment, even an own one', () => {
      const scope = createResolutionScope({
        step_1: { output: JSON.parse('{"constructor": "mine"}') as unknown },
      });
      expect(resolveTemplate("{{step_1['output'].constructor}}", scope, noSandbox)).toBe('');
    });

    it('does not run getters', () => {
      let calls = 0;
      const output = Object.defineProperty({}, 'secret', { get: () => ++calls, enumerable: true });
      const scope = createResolutionScope({ step_1: { output } });
      expect(resolveTemplate("{{step_1['output'].secret}}", scope, noSandbox)).toBe('');
      expect(calls).toBe(0);
    });

    it('shares objects with the step output instead of copying them (no clone per reference)', () => {
      const scope = steps();
      const first = resolveTemplate("{{step_1['output'].items}}", scope, noSandbox);
      expect(resolveTemplate("{{step_1['output'].items}}", scope, noSandbox)).toBe(first);
    });
  });

  it.each(["{{step_9['output'].x}}", '{{ step_9 }}', "{{loop_1['output'].item}}"])(
    'an unknown step gives an empty string: %s',
    (text) => {
      expect(resolveTemplate(text, steps(), noSandbox)).toBe('');
    },
  );

  describe('other expressions go to the sandbox', () => {
    it('passes only the steps the expression reads', () => {
      const { evaluate, calls } = stubEvaluator({
        "trigger['output'].body.count * 2": (v) =>
          ok((v.trigger as { output: { body: { count: number } } }).output.body.count * 2),
      });
      expect(resolveTemplate("{{ trigger['output'].body.count * 2 }}", steps(), evaluate)).toBe(6);
      expect(calls).toEqual([{ expression: "trigger['output'].body.count * 2", names: ['trigger'] }]);
    });

    it('does not count names in strings or property names as references', () => {
      const { evaluate, calls } = stubEvaluator({ "'step_1' + x.step_2": () => ok('s') });
      resolveTemplate("{{ 'step_1' + x.step_2 }}", steps(), evaluate);
      expect(calls[0]?.names).toEqual([]);
    });

    it('sends global built-ins and literals to the sandbox', () => {
      const { evaluate } = stubEvaluator({ 'Math.PI': () => ok(Math.PI), true: () => ok(true) });
      expect(resolveTemplate('{{Math.PI}}', steps(), evaluate)).toBe(Math.PI);
      expect(resolveTemplate('{{ true }}', steps(), evaluate)).toBe(true);
    });

    it.each<[string, SandboxOutcome, unknown]>([
      ['an error', error('ReferenceError: step_9 is not defined'), ''],
      ['undefined', ok(undefined), ''],
      ['null', ok(null), ''],
      ['a number', ok(0), 0],
      ['false', ok(false), false],
      ['an object', ok({ a: [1] }), { a: [1] }],
    ])('a single token giving %s', (_, outcome, expected) => {
      const { evaluate } = stubEvaluator({ 'f()': () => outcome });
      expect(resolveTemplate('{{ f() }}', steps(), evaluate)).toEqual(expected);
    });

    it.each<[string, SandboxOutcome, string]>([
      ['an error', error('TypeError'), '<>'],
      ['null', ok(null), '<>'],
      ['a number', ok(1.5), '<1.5>'],
      ['an object', ok({ a: 'x' }), '<{"a":"x"}>'],
    ])('an interpolated token giving %s', (_, outcome, expected) => {
      const { evaluate } = stubEvaluator({ 'f()': () => outcome });
      expect(resolveTemplate('<{{ f() }}>', steps(), evaluate)).toBe(expected);
    });

    it.each(['TIMEOUT', 'MEMORY_LIMIT_EXCEEDED'] as const)('propagates %s as a SandboxLimitError', (kind) => {
      const { evaluate } = stubEvaluator({
        'loop()': () => ({ ok: false, failure: { kind, message: `hit ${kind}` } }),
      });
      let thrown: unknown;
      try {
        resolveTemplate('x {{ loop() }} y', steps(), evaluate);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(SandboxLimitError);
      expect(thrown).toMatchObject({
        kind,
        message: `hit ${kind}`,
        expression: 'loop()',
        name: 'SandboxLimitError',
      });
    });

    it('evaluates each token once', () => {
      const { evaluate, calls } = stubEvaluator({ 'f()': () => ok('v') });
      expect(resolveTemplate('{{f()}}-{{f()}}', steps(), evaluate)).toBe('v-v');
      expect(calls).toHaveLength(2);
    });
  });

  describe('connections', () => {
    function withConnections(): ResolutionScope {
      const base = steps();
      const connections = { 'my-slack': { token: 'xoxb-1' }, api: 'k3y' };
      // The engine's scope lists steps in names() and answers `connections` through has/get.
      return {
        get: (name) => (name === 'connections' ? connections : base.get(name)),
        has: (name) => name === 'connections' || base.has(name),
        names: () => base.names(),
      };
    }

    it.each<[string, unknown]>([
      ["{{connections['my-slack']}}", { token: 'xoxb-1' }],
      ['{{connections.api}}', 'k3y'],
      ["Bearer {{connections['my-slack'].token}}", 'Bearer xoxb-1'],
      ["{{connections['missing']}}", ''],
    ])('%s reads the pre-fetched value', (text, expected) => {
      expect(resolveTemplate(text, withConnections(), noSandbox)).toEqual(expected);
    });

    it('passes connections to the sandbox when an expression reads them', () => {
      const { evaluate, calls } = stubEvaluator({ "'Bearer ' + connections.api": () => ok('Bearer k3y') });
      expect(resolveTemplate("{{ 'Bearer ' + connections.api }}", withConnections(), evaluate)).toBe(
        'Bearer k3y',
      );
      expect(calls[0]?.names).toEqual(['connections']);
    });

    it.each<[string, string]>([
      ["{{connections['my-slack']}}", '**REDACTED**'],
      [' {{ connections.api }} ', '**REDACTED**'],
      ["Bearer {{connections['my-slack'].token}}", 'Bearer **REDACTED**'],
      ["{{trigger['output'].body.name}}: {{connections.api}}", 'Ada: **REDACTED**'],
      ["{{ 'Bearer ' + connections.api }}", '**REDACTED**'],
    ])('the logged form of %s', (text, expected) => {
      expect(resolveTemplate(text, withConnections(), noSandbox, { redact: true })).toBe(expected);
    });

    it('the logged form resolves tokens that read no connection', () => {
      expect(
        resolveTemplate("{{trigger['output'].body.count}}", withConnections(), noSandbox, { redact: true }),
      ).toBe(3);
      expect(
        resolveTemplate(
          "{{ 'connections.api' }}",
          withConnections(),
          stubEvaluator({ "'connections.api'": () => ok('t') }).evaluate,
          { redact: true },
        ),
      ).toBe('t');
    });
  });
});
