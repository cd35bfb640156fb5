import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxLogLevel, SandboxOutcome } from './sandbox';
import { codeReturning, TestSandboxes } from './test-sandboxes';

const sandboxes = new TestSandboxes();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await sandboxes.create();
});
afterAll(() => sandboxes.disposeAll());

const value = (value: unknown): SandboxOutcome => ({ ok: true, value });
const error = (message: string): SandboxOutcome => ({ ok: false, failure: { kind: 'ERROR', message } });

const TYPESCRIPT_SOURCE = `
interface Order { id: string; amount: number }
type Currency = 'EUR' | 'USD';
enum Status { Open = 'open', Paid = 'paid' }
function first<T>(items: T[]): T | undefined { return items[0]; }
class Total { constructor(private readonly amounts: number[]) {} sum(): number { return this.amounts.reduce((a, b) => a + b, 0); } }
export const code = async (inputs: { orders: Order[]; currency: Currency }) => {
  const orders = inputs.orders as Order[];
  return { first: first<Order>(orders)?.id, total: new Total(orders.map((o) => o.amount)).sum(), status: Status.Paid };
};
`;

describe('runCode', () => {
  it.each([
    ['plain JavaScript', codeReturning('inputs.a + inputs.b'), { a: 1, b: 2 }, value(3)],
    [
      'TypeScript syntax (interface, type, enum, generics, as, parameter properties)',
      TYPESCRIPT_SOURCE,
      {
        orders: [
          { id: 'o1', amount: 5 },
          { id: 'o2', amount: 7 },
        ],
        currency: 'EUR',
      },
      value({ first: 'o1', total: 12, status: 'paid' }),
    ],
    [
      'async/await on promises',
      'export const code = async () => { const a = await Promise.resolve(2); const [b] = await Promise.all([3]); return a * b; };',
      {},
      value(6),
    ],
    [
      'a chain of awaits across jobs',
      'export const code = async () => { let n = 0; for (let i = 0; i < 100; i++) n += await i; return n; };',
      {},
      value(4950),
    ],
    [
      'a synchronous code function',
      'export const code = (inputs) => inputs.list.length;',
      { list: [1, 2] },
      value(2),
    ],
    [
      'a function declaration export',
      'export async function code(inputs) { return inputs.x; }',
      { x: 'y' },
      value('y'),
    ],
    [
      'an object',
      codeReturning('({ a: 1, nested: { b: [true, null] } })'),
      {},
      value({ a: 1, nested: { b: [true, null] } }),
    ],
    ['an array', codeReturning('[1, "two", { three: 3 }]'), {}, value([1, 'two', { three: 3 }])],
    ['a string', codeReturning('"hello"'), {}, value('hello')],
    ['null', codeReturning('null'), {}, value(null)],
    ['undefined', 'export const code = async () => {};', {}, value(undefined)],
    [
      'functions and undefined properties are dropped, as JSON does',
      codeReturning('({ f() {}, u: undefined, k: 1 })'),
      {},
      value({ k: 1 }),
    ],
    [
      'inputs arrive as JSON data',
      codeReturning('[typeof inputs.when, Object.keys(inputs)]'),
      { when: new Date(0), gone: undefined },
      value(['string', ['when']]),
    ],
    [
      'a thrown Error gives its message',
      'export const code = async () => { throw new Error("bad input"); };',
      {},
      error('bad input'),
    ],
    [
      'a thrown Error subclass (name assigned) gives its message',
      'class MyError extends Error { constructor(m: string) { super(m); this.name = "MyError"; } }\nexport const code = async () => { throw new MyError("custom"); };',
      {},
      error('custom'),
    ],
    [
      'a thrown Error without message gives its name',
      'export const code = async () => { throw new TypeError(); };',
      {},
      error('TypeError'),
    ],
    ['a thrown string', "export const code = async () => { throw 'boom'; };", {}, error('boom')],
    ['a thrown object', 'export const code = async () => { throw { a: 1 }; };', {}, error('[object Object]')],
    [
      'a synchronous throw',
      'export const code = () => { throw new RangeError("sync"); };',
      {},
      error('sync'),
    ],
    [
      'a missing code export',
      'export const other = async () => 1;',
      {},
      error('The code step must export a function named code'),
    ],
    [
      'a code export that is not a function',
      'export const code = 1;',
      {},
      error('The code step must export a function named code'),
    ],
    [
      'an import of an npm package',
      "import _ from 'lodash';\nexport const code = async () => _.chunk([1, 2], 1);",
      {},
      error("Cannot import 'lodash': list it in the dependencies of the code step's package.json"),
    ],
    [
      'a dynamic import',
      "export const code = async () => (await import('axios')).default;",
      {},
      error("Cannot import 'axios': list it in the dependencies of the code step's package.json"),
    ],
    [
      'a type-only import is fine',
      "import type { Foo } from 'foo';\nexport const code = async (inputs: Foo) => 1;",
      {},
      value(1),
    ],
    [
      'a syntax error',
      'export const code = async () => {',
      {},
      error('The code step has a syntax error: Unexpected token (1:34)'),
    ],
    [
      'a BigInt result',
      codeReturning('10n'),
      {},
      error('The value returned by code cannot be converted to JSON: Do not know how to serialize a BigInt'),
    ],
    [
      'a cyclic result',
      codeReturning('(() => { const a: any = {}; a.self = a; return a; })()'),
      {},
      error('The value returned by code cannot be converted to JSON: circular reference'),
    ],
    [
      'awaiting a timer',
      'export const code = async () => { await new Promise((resolve) => setTimeout(resolve, 10)); };',
      {},
      error("'setTimeout' is not defined (code steps have no timers, network, npm packages or Node.js APIs)"),
    ],
    [
      'awaiting what nothing settles',
      'export const code = async () => { await new Promise(() => {}); };',
      {},
      error(
        'The code step never finished: it awaits a promise that nothing can settle. Timers (setTimeout) and network requests are not available in code steps.',
      ),
    ],
  ] as const)('%s', async (_, source, inputs, expected) => {
    expect(await sandbox.runCode(source, inputs)).toEqual(expected);
  });

  it('fails on inputs that are not JSON data', async () => {
    const inputs: Record<string, unknown> = {};
    inputs.self = inputs;
    const outcome = await sandbox.runCode(codeReturning('1'), inputs);
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'ERROR' } });
    expect(!outcome.ok && outcome.failure.message).toMatch(
      /^The inputs of the code step are not JSON data: /,
    );
  });

  it('gives each run a fresh module: top-level state does not carry over', async () => {
    const source = 'let calls = 0;\nexport const code = async () => ++calls;';
    expect([await sandbox.runCode(source, {}), await sandbox.runCode(source, {})]).toEqual([
      value(1),
      value(1),
    ]);
  });
});

describe('console', () => {
  const local = new TestSandboxes();
  afterEach(() => local.disposeAll());

  it('exists and prints nothing without onLog', async () => {
    const quiet = await local.create();
    const source =
      'export const code = async () => { console.log("a", 1); console.error(new Error("e")); console.table?.([]); return typeof console.log; };';
    expect(await quiet.runCode(source, {})).toEqual(value('function'));
  });

  it('hands each line to onLog', async () => {
    const lines: [SandboxLogLevel, string][] = [];
    const logging = await local.create({ onLog: (level, line) => lines.push([level, line]) });
    const source = `export const code = async () => {
      console.log('text', 1, { a: [1] }, null, undefined);
      console.info('info'); console.warn(new TypeError('careful')); console.error('error'); console.debug('debug'); console.trace('trace');
    };`;
    expect(await logging.runCode(source, {})).toEqual(value(undefined));
    expect(lines).toEqual([
      ['log', 'text 1 {"a":[1]} null undefined'],
      ['info', 'info'],
      ['warn', 'TypeError: careful'],
      ['error', 'error'],
      ['debug', 'debug'],
      ['debug', 'trace'],
    ]);
  });

  it('rethrows an exception of onLog to the caller, never to user code', async () => {
    const failing = await local.create({
      onLog: () => {
        throw new Error('sink down');
      },
    });
    const source =
      'export const code = async () => { try { console.log("x"); while (true) {} } catch (e) { return String(e); } };';
    await expect(failing.runCode(source, {})).rejects.toThrow('sink down');
  });
});
