/**
 * The JavaScript that prepares a fresh QuickJS context, evaluated once per sandbox before any
 * user code. It is a function `bootstrap(hostLog)` that:
 *
 * 1. captures the intrinsics it needs (`JSON.parse`, `Function`, ...) while they are pristine;
 * 2. installs `console` (`log`, `info`, `warn`, `error`, `debug`, `trace`): each call formats its
 *    arguments into one line and hands it to `hostLog(level, line)`, or drops it when there is
 *    no host log;
 * 3. removes the non-standard `InternalError` global (so user code cannot easily forge the
 *    "out of memory" error the host classifies as MEMORY_LIMIT_EXCEEDED);
 * 4. turns a few inherited data properties that user code commonly assigns on its own objects
 *    (`this.name = ...` in an Error subclass, `obj.toString = ...`) into accessors that define the
 *    property on the object, so freezing their prototypes does not break such code (the
 *    "override mistake", handled as SES does);
 * 5. deep-freezes every object reachable from `globalThis` and from the hidden intrinsics
 *    (generator, async and iterator prototypes, `%TypedArray%`), then `globalThis` itself: a
 *    step can neither pollute a prototype nor leave a global for a later step;
 * 6. returns frozen helpers that the host calls and user code never sees: `evaluate`, `start`,
 *    `describe`, `ping` and `reset` (see {@link SandboxHelperName}).
 *
 * Kept as text (not a function's `toString()`) so that bundling and minifying the engine cannot
 * change what runs inside QuickJS. It uses no template literals, to stay readable here.
 */
export const BOOTSTRAP_SOURCE = String.raw`
(function bootstrap(hostLog) {
  'use strict';
  const G = globalThis;
  const { freeze, getPrototypeOf, getOwnPropertyDescriptor, defineProperty, hasOwn } = Object;
  const { apply, construct, ownKeys } = Reflect;
  const { parse, stringify } = JSON;
  const FunctionCtor = Function;
  const StringCtor = String;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const InternalErrorCtor = G.InternalError;
  const PromiseCtor = Promise;
  const MapCtor = Map;
  const WeakSetCtor = WeakSet;

  const messageOf = (error) => {
    try {
      if (error instanceof ErrorCtor) return StringCtor(error.message);
      return StringCtor(error);
    } catch {
      return 'unknown error';
    }
  };

  // --- console -------------------------------------------------------------------------
  const formatOne = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof ErrorCtor) return StringCtor(value.name) + ': ' + StringCtor(value.message);
    if (typeof value === 'object' && value !== null) {
      try {
        const text = stringify(value);
        if (typeof text === 'string') return text;
      } catch (error) {
        if (error instanceof InternalErrorCtor) throw error;
      }
    }
    return StringCtor(value);
  };
  const makeLogger = (level) => {
    if (hostLog === undefined) return function () {};
    return function (...values) {
      let line = '';
      for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ' ') + formatOne(values[i]);
      hostLog(level, line);
    };
  };
  const consoleObject = {
    log: makeLogger('log'),
    info: makeLogger('info'),
    warn: makeLogger('warn'),
    error: makeLogger('error'),
    debug: makeLogger('debug'),
    trace: makeLogger('debug'),
  };
  defineProperty(G, 'console', { value: consoleObject, writable: true, enumerable: false, configurable: true });

  // --- hardening -----------------------------------------------------------------------
  delete G.InternalError;

  const enableAssignment = (object, name) => {
    const descriptor = getOwnPropertyDescriptor(object, name);
    if (descriptor === undefined || !hasOwn(descriptor, 'value') || !descriptor.configurable) return;
    const value = descriptor.value;
    const getter = function () {
      return value;
    };
    const setter = function (newValue) {
      if (this === object) {
        throw new TypeErrorCtor("Cannot assign to read only property '" + StringCtor(name) + "' of a built-in prototype");
      }
      defineProperty(this, name, { value: newValue, writable: true, enumerable: true, configurable: true });
    };
    defineProperty(object, name, { get: getter, set: setter, enumerable: descriptor.enumerable, configurable: false });
  };
  const objectNames = ['constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf'];
  for (const name of objectNames) enableAssignment(Object.prototype, name);
  for (const name of ['constructor', 'bind', 'call', 'apply', 'toString']) enableAssignment(FunctionCtor.prototype, name);
  for (const name of ['constructor', 'toString', 'push']) enableAssignment(Array.prototype, name);
  enableAssignment(PromiseCtor.prototype, 'constructor');
  const errorConstructors = [ErrorCtor, EvalError, RangeError, ReferenceError, SyntaxError, TypeErrorCtor, URIError, AggregateError, InternalErrorCtor];
  for (const constructor of errorConstructors) {
    for (const name of ['constructor', 'message', 'name', 'toString']) enableAssignment(constructor.prototype, name);
  }

  const hiddenIntrinsics = [
    InternalErrorCtor,
    getPrototypeOf(function* () {}),
    getPrototypeOf(async function () {}),
    getPrototypeOf(async function* () {}),
    getPrototypeOf([][Symbol.iterator]()),
    getPrototypeOf(new MapCtor()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()),
    getPrototypeOf(''[Symbol.iterator]()),
    getPrototypeOf(/a/[Symbol.matchAll]('')),
    getPrototypeOf(Int8Array),
  ];
  if (typeof G.Iterator === 'function') {
    if (typeof G.Iterator.from === 'function') hiddenIntrinsics.push(getPrototypeOf(G.Iterator.from({ next() {} })));
    const values = [][Symbol.iterator]();
    if (typeof values.map === 'function') hiddenIntrinsics.push(getPrototypeOf(values.map((x) => x)));
  }

  const frozen = new WeakSetCtor();
  const pending = [G, ...hiddenIntrinsics];
  while (pending.length > 0) {
    const value = pending.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || frozen.has(value)) continue;
    frozen.add(value);
    freeze(value);
    pending.push(getPrototypeOf(value));
    const keys = ownKeys(value);
    for (let i = 0; i < keys.length; i++) {
      const descriptor = getOwnPropertyDescriptor(value, keys[i]);
      if (hasOwn(descriptor, 'value')) pending.push(descriptor.value);
      else pending.push(descriptor.get, descriptor.set);
    }
  }

  // --- helpers for the host --------------------------------------------------------------
  const remember = (cache, key, value, limit) => {
    if (cache.size >= limit) cache.delete(cache.keys().next().value);
    cache.set(key, value);
  };

  const toJson = (value, what) => {
    try {
      return stringify(value);
    } catch (error) {
      if (error instanceof InternalErrorCtor) throw error;
      throw new TypeErrorCtor(what + ' cannot be converted to JSON: ' + messageOf(error));
    }
  };

  const compiledExpressions = new MapCtor();
  const evaluate = (expression, names, scopeJson) => {
    const key = names + '\n' + expression;
    let compiled = compiledExpressions.get(key);
    if (compiled === undefined) {
      const params = names === '' ? [] : names.split(',');
      const fn = freeze(construct(FunctionCtor, [...params, '"use strict";\nreturn (\n' + expression + '\n);']));
      compiled = { fn, params };
      remember(compiledExpressions, key, compiled, 500);
    }
    const scope = parse(scopeJson);
    const args = [];
    for (const name of compiled.params) args.push(hasOwn(scope, name) ? scope[name] : undefined);
    return toJson(apply(compiled.fn, undefined, args), 'The value of the expression');
  };

  const requireStub = freeze(function require(name) {
    throw new ErrorCtor("Cannot import '" + StringCtor(name) + "': list it in the dependencies of the code step's package.json");
  });
  const codeResultToJson = (value) => toJson(value, 'The value returned by code');
  const compiledModules = new MapCtor();
  const REQUIRE_CALL = /\brequire\s*\(/;
  const keptModules = new MapCtor();
  const KEPT_MODULE_MISSING = 'piecework: kept module missing';
  const load = (source) => {
    let factory = compiledModules.get(source);
    if (factory === undefined) {
      // 'require' is a parameter only for sources that call it (imports): elsewhere it stays undefined.
      const params = REQUIRE_CALL.test(source) ? ['exports', 'require'] : ['exports'];
      factory = freeze(construct(FunctionCtor, [...params, source]));
      remember(compiledModules, source, factory, 100);
    }
    const exports = {};
    apply(factory, undefined, [exports, requireStub]);
    const code = exports.code;
    if (typeof code !== 'function') throw new ErrorCtor('The code step must export a function named code');
    return code;
  };
  const start = (source, inputsJson, keepKey) => {
    let code = keepKey === '' ? undefined : keptModules.get(keepKey);
    if (code === undefined) {
      if (source === '') throw new ErrorCtor(KEPT_MODULE_MISSING);
      code = load(source);
      if (keepKey !== '') remember(keptModules, keepKey, code, 20);
    }
    const inputs = parse(inputsJson);
    return PromiseCtor.resolve(apply(code, undefined, [inputs])).then(codeResultToJson);
  };

  const describe = (thrown) => {
    try {
      if (thrown instanceof ErrorCtor) {
        const message = StringCtor(thrown.message);
        if (thrown instanceof InternalErrorCtor && message === 'out of memory') return 'M' + message;
        if (message === 'stack overflow') return 'S' + message;
        return 'E' + (message === '' ? StringCtor(thrown.name) : message);
      }
      return 'E' + StringCtor(thrown);
    } catch (error) {
      if (error instanceof InternalErrorCtor && error.message === 'out of memory') return 'M' + error.message;
      return 'U';
    }
  };

  const ping = () => 1;
  const reset = () => {
    keptModules.clear();
    return 1;
  };

  return freeze({ evaluate, start, describe, ping, reset });
})
`;

/**
 * The helpers `bootstrap` returns, called by the host with string arguments:
 * - `evaluate(expression, names, scopeJson)`: compiles (once, cached) a strict function with the
 *   comma-separated `names` as parameters returning the expression, calls it with the values of
 *   `scopeJson`, returns the value as JSON text (or `undefined`).
 * - `start(source, inputsJson, keepKey)`: runs a code step's CommonJS `source` (as sucrase or
 *   the code bundler produced it) as a function of `exports` (and of `require`, a stub that
 *   fails, when the source calls it), calls its `code` export with the inputs, returns a promise
 *   of the JSON text of the value. With a `keepKey` (bundles: their packages are costly to set
 *   up) the module runs once and its `code` export is kept under that key (the last 20) until
 *   `reset`; `source` may then be `''` (not copied in again), and if the key is not kept the call
 *   throws {@link KEPT_MODULE_MISSING}.
 * - `describe(thrown)`: a string describing a thrown value: `M` + message (out of memory, also
 *   when reading the value ran out of memory), `S` + message (stack overflow), `E` + message (any
 *   other throw) or `U` (reading the value threw).
 * - `ping()`: returns 1; used to check that the context still works after running out of memory.
 * - `reset()`: forgets the modules `start` kept (between runs: nothing of a run reaches the next).
 */
export type SandboxHelperName = 'evaluate' | 'start' | 'describe' | 'ping' | 'reset';

/** The message `start` throws when asked for a kept module it does not hold (the host then sends the source). */
export const KEPT_MODULE_MISSING = 'piecework: kept module missing';
