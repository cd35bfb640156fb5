import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxOutcome } from './sandbox';
import { codeReturning, TestSandboxes } from './test-sandboxes';

const MB = 1024 * 1024;
const sandboxes = new TestSandboxes();
afterEach(() => sandboxes.disposeAll());

/** What a piece of hostile code is, how the sandbox is limited, and what must come out. */
interface Abuse {
  /** Run as a code step (`code`) or as an expression. */
  as: 'code' | 'expression';
  source: string;
  /** The deadline, from the start of the test; none if absent. */
  deadlineMs?: number;
  memoryLimitMb?: number;
  expected: SandboxOutcome;
  /** Whether the same sandbox still runs code afterwards. */
  usableAfter: boolean;
}

const failure = (
  kind: 'ERROR' | 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED',
  message: unknown = expect.any(String),
) => ({ ok: false, failure: { kind, message } }) as SandboxOutcome;
const value = (value: unknown): SandboxOutcome => ({ ok: true, value });
const inCode = (body: string): string => `export const code = async (inputs) => { ${body} };`;

function abuse(as: Abuse['as'], source: string, expected: SandboxOutcome, more: Partial<Abuse> = {}): Abuse {
  return { as, source, expected, usableAfter: true, ...more };
}

async function run(sandbox: Sandbox, { as, source }: Pick<Abuse, 'as' | 'source'>): Promise<SandboxOutcome> {
  return as === 'code' ? sandbox.runCode(source, { a: 1 }) : sandbox.evaluateExpression(source, { a: 1 });
}

const NORMAL = '[1, 2, 3].map((x) => x * 2)';

describe('hostile code ends with the right failure and harms nothing', () => {
  it.each<[string, Abuse]>([
    [
      'an endless loop in a code step',
      abuse('code', inCode('while (true) {}'), failure('TIMEOUT'), { deadlineMs: 100 }),
    ],
    [
      'an endless loop in an expression',
      abuse('expression', '(() => { while (true) {} })()', failure('TIMEOUT'), { deadlineMs: 100 }),
    ],
    [
      'an endless loop that catches and finally-returns',
      abuse(
        'code',
        inCode('for (;;) { try { while (true) {} } catch { } finally { continue; } }'),
        failure('TIMEOUT'),
        { deadlineMs: 100 },
      ),
    ],
    [
      'an endless chain of promise jobs',
      abuse('code', inCode('const f = () => Promise.resolve().then(f); f(); return 1;'), failure('TIMEOUT'), {
        deadlineMs: 100,
      }),
    ],
    [
      'a job left behind by an expression',
      abuse('expression', 'Promise.resolve().then(() => { while (true) {} }) && 1', failure('TIMEOUT'), {
        deadlineMs: 100,
      }),
    ],
    [
      'catastrophic regular expression backtracking',
      abuse('code', inCode('return /(a|b)*c/.exec("ab".repeat(100000));'), failure('TIMEOUT'), {
        deadlineMs: 100,
      }),
    ],
    [
      'a giant allocation',
      abuse(
        'code',
        inCode('const a = []; while (true) a.push(new Array(1e5).fill(1));'),
        failure('MEMORY_LIMIT_EXCEEDED', 'The code ran out of memory (limit: 32 MB)'),
        { memoryLimitMb: 32 },
      ),
    ],
    [
      'many small allocations',
      abuse(
        'code',
        inCode('const a = []; while (true) a.push({ n: a.length, list: [1, 2, 3] });'),
        failure('MEMORY_LIMIT_EXCEEDED'),
        { memoryLimitMb: 32 },
      ),
    ],
    [
      'one huge string',
      abuse('code', inCode('return "x".repeat(1e9).length;'), failure('MEMORY_LIMIT_EXCEEDED'), {
        memoryLimitMb: 32,
      }),
    ],
    [
      'typed arrays',
      abuse(
        'code',
        inCode('const a = []; while (true) a.push(new Uint8Array(1e6));'),
        failure('MEMORY_LIMIT_EXCEEDED'),
        { memoryLimitMb: 32 },
      ),
    ],
    [
      'a giant allocation in an expression',
      abuse(
        'expression',
        '(() => { const a = []; while (true) a.push(new Array(1e5).fill(1)); })()',
        failure('MEMORY_LIMIT_EXCEEDED'),
        { memoryLimitMb: 32 },
      ),
    ],
    [
      'deep recursion',
      abuse(
        'code',
        inCode('const f = () => f(); f();'),
        failure('ERROR', 'Maximum call stack size exceeded'),
      ),
    ],
    [
      'deep recursion in an expression',
      abuse(
        'expression',
        '(() => { const f = () => f(); return f(); })()',
        failure('ERROR', 'Maximum call stack size exceeded'),
      ),
    ],
    [
      'deep recursion through getters',
      abuse(
        'code',
        inCode('const o = { get x() { return this.x; } }; return o.x;'),
        failure('ERROR', 'Maximum call stack size exceeded'),
      ),
    ],
    [
      'nesting deeper than the host stack (the sandbox is then broken)',
      abuse(
        'code',
        inCode('return eval("(".repeat(5000) + "1" + ")".repeat(5000));'),
        failure('ERROR', 'Maximum call stack size exceeded'),
        { usableAfter: false },
      ),
    ],
    [
      "constructor.constructor('return process')()",
      abuse(
        'expression',
        "constructor.constructor('return process')()",
        failure(
          'ERROR',
          "'process' is not defined (code steps have no timers, network, npm packages or Node.js APIs)",
        ),
      ),
    ],
    [
      "constructor.constructor('return process')() in code",
      abuse(
        'code',
        inCode("return constructor.constructor('return process')();"),
        failure('ERROR', expect.stringMatching(/^'process' is not defined/)),
      ),
    ],
    [
      "this.constructor.constructor('return globalThis.process')()",
      abuse(
        'code',
        inCode("return this.constructor.constructor('return globalThis.process')();"),
        failure('ERROR', "cannot read property 'constructor' of undefined"),
      ),
    ],
    [
      'this.constructor.constructor(...) in an expression',
      abuse(
        'expression',
        "this.constructor.constructor('return globalThis.process')()",
        failure('ERROR', "cannot read property 'constructor' of undefined"),
      ),
    ],
    [
      'the global object of a sloppy function',
      abuse('code', inCode("return Function('return this')().process;"), value(undefined)),
    ],
    [
      'a prototype walk from inputs',
      abuse(
        'code',
        inCode("return inputs.constructor.constructor('return typeof globalThis.process')();"),
        value('undefined'),
      ),
    ],
    [
      'forging an out-of-memory error',
      abuse(
        'code',
        inCode("throw Object.assign(new Error('out of memory'), { name: 'InternalError' });"),
        failure('ERROR', 'out of memory'),
      ),
    ],
  ])('%s', async (_, { as, source, deadlineMs, memoryLimitMb = 32, expected, usableAfter }) => {
    const clock = { deadline: deadlineMs === undefined ? Infinity : Date.now() + deadlineMs };
    const sandbox = await sandboxes.create({
      memoryLimitBytes: memoryLimitMb * MB,
      shouldInterrupt: () => Date.now() > clock.deadline,
    });

    expect(await run(sandbox, { as, source })).toEqual(expected);

    clock.deadline = Infinity;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const fresh = await sandboxes.create();
    expect(fresh.evaluateExpression(NORMAL, {})).toEqual(value([2, 4, 6]));
    const same = sandbox.evaluateExpression(NORMAL, {});
    if (usableAfter) expect(same).toEqual(value([2, 4, 6]));
    else
      expect(same).toEqual(
        failure('ERROR', expect.stringMatching(/^The sandbox cannot run more code in this run/)),
      );
  });
});

describe('a step cannot pollute what later steps of the same run see', () => {
  const CHECKS = [
    '({}).polluted === undefined',
    '[].polluted === undefined',
    "typeof polluted === 'undefined'",
    "typeof globalThis.leaked === 'undefined'",
    '[1].map((x) => x + 1)[0] === 2',
    "JSON.parse('1') === 1",
    "String({}) === '[object Object]'",
    "new Error('e').name === 'Error'",
    'Object.getPrototypeOf(async function () {}).polluted === undefined',
    'Object.getPrototypeOf([][Symbol.iterator]()).polluted === undefined',
    "(console.log('still harmless'), console.polluted === undefined)",
  ];

  it.each([
    ['Object.prototype', 'Object.prototype.polluted = 1'],
    ['inputs.__proto__', 'inputs.__proto__.polluted = 1'],
    ['Array.prototype', 'Array.prototype.polluted = 1'],
    ['a built-in method', "Array.prototype.map = () => 'hacked'"],
    ['a built-in namespace', "JSON.parse = () => 'hacked'"],
    ['a global variable', 'globalThis.leaked = 1'],
    ['sloppy-mode code', "Function('Object.prototype.polluted = 1; globalThis.leaked = 1; polluted = 1')()"],
    ['defineProperty on a prototype', "Object.defineProperty(Object.prototype, 'polluted', { value: 1 })"],
    ['setPrototypeOf of a prototype', 'Object.setPrototypeOf(Array.prototype, { polluted: 1 })'],
    ['an override accessor on the prototype itself', "Object.prototype.toString = () => 'hacked'"],
    ['Error.prototype.name', "Error.prototype.name = 'hacked'"],
    ['a hidden intrinsic', 'Object.getPrototypeOf(async function () {}).polluted = 1'],
    ['an iterator prototype', 'Object.getPrototypeOf([][Symbol.iterator]()).polluted = 1'],
    ['the console', "console.log = () => { throw new Error('hacked'); }; console.polluted = 1"],
  ])('%s', async (_, attack) => {
    const sandbox = await sandboxes.create();
    const attempt = await sandbox.runCode(inCode(`${attack};`), { a: 1 });
    expect(attempt.ok || attempt.failure.kind === 'ERROR').toBe(true);

    const everything = `[${CHECKS.join(', ')}]`;
    expect(await sandbox.runCode(codeReturning(everything), {})).toEqual(value(CHECKS.map(() => true)));
    expect(sandbox.evaluateExpression(everything, {})).toEqual(value(CHECKS.map(() => true)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof Array.prototype.map).toBe('function');
  });
});

describe('nothing of the host is reachable', () => {
  it.each([
    ['globalThis.process', 'globalThis.process', undefined],
    ['typeof process', 'typeof process', 'undefined'],
    ['typeof require', 'typeof require', 'undefined'],
    ['typeof module', 'typeof module', 'undefined'],
    ['typeof fetch', 'typeof fetch', 'undefined'],
    ['typeof setTimeout', 'typeof setTimeout', 'undefined'],
    ['typeof Buffer', 'typeof Buffer', 'undefined'],
    ['typeof InternalError', 'typeof InternalError', 'undefined'],
    ['typeof std (quickjs-libc)', 'typeof std', 'undefined'],
    [
      'globals are standard only',
      'Object.getOwnPropertyNames(globalThis).filter((name) => !/^[A-Z]/.test(name)).sort().join()',
      'console,decodeURI,decodeURIComponent,encodeURI,encodeURIComponent,escape,eval,globalThis,isFinite,isNaN,parseFloat,parseInt,undefined,unescape',
    ],
  ])('%s', async (_, expression, expected) => {
    const sandbox = await sandboxes.create();
    expect(sandbox.evaluateExpression(expression, {})).toEqual(value(expected));
    expect(await sandbox.runCode(codeReturning(expression), {})).toEqual(value(expected));
  });
});
