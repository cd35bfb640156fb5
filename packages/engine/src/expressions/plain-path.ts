/** One step of a plain path: a property name (`.a`, `['a']`) or an array index (`[0]`). */
export type PathSegment = string | number;

/** A pure path reference such as `step_1['output'].items[0]`: a root name and its segments. */
export interface PlainPath {
  readonly root: string;
  readonly segments: readonly PathSegment[];
}

/**
 * Words that cannot start a path: reserved words and literals (`true`, `null`, `this`...), and
 * the global built-ins an expression may use (`Math.PI`, `JSON`, `NaN`...). Such expressions
 * are JavaScript for the sandbox, not references to steps.
 */
const NOT_A_ROOT = new Set([
  ...['await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete'],
  ...['do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import'],
  ...['in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try'],
  ...['typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface'],
  ...['package', 'private', 'protected', 'public', 'arguments', 'async', 'of', 'undefined', 'NaN'],
  ...['Infinity', 'globalThis', 'Math', 'JSON', 'Number', 'String', 'Boolean', 'Object', 'Array'],
  ...['Date', 'RegExp', 'Symbol', 'BigInt', 'Intl', 'Reflect', 'Proxy', 'Promise', 'Map', 'Set'],
  ...['WeakMap', 'WeakSet', 'Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError'],
  ...['parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent'],
  ...['encodeURI', 'decodeURI', 'escape', 'unescape', 'eval', 'Function', 'console'],
]);

const ROOT = /[A-Za-z_$][\w$]*/y;
/**
 * One segment, matched where the previous one ended: `.name`, `['text']`, `["text"]` or `[123]`.
 * Quoted keys hold no backslash and no line break (such keys go to the sandbox instead, which
 * decodes escapes exactly); numeric keys are decimal without leading zeros.
 */
const SEGMENT = /\.([A-Za-z_$][\w$]*)|\['([^'\\\n\r]*)'\]|\["([^"\\\n\r]*)"\]|\[(0|[1-9]\d*)\]/y;

/**
 * Recognises a `{{ }}` expression that is a pure path reference and so needs no sandbox: an
 * identifier followed by any number of `.name`, `['text']`, `["text"]` and `[123]` segments, with
 * whitespace allowed around the whole expression only.
 *
 * Returns `null` for everything else: calls, operators, `?.`, computed or escaped keys, comments,
 * whitespace inside the path, non-ASCII names, and roots that are reserved words, literals or
 * global built-ins (`true`, `this`, `undefined`, `Math.PI`, `JSON`...) — all of which go to the
 * sandbox.
 *
 * @example
 * ```ts
 * parsePlainPath(" step_1['output'].items[0] "); // { root: 'step_1', segments: ['output', 'items', 0] }
 * parsePlainPath("connections['my-slack']"); // { root: 'connections', segments: ['my-slack'] }
 * parsePlainPath('step_1.output.a?.b'); // null
 * ```
 */
export function parsePlainPath(expression: string): PlainPath | null {
  const text = expression.trim();
  ROOT.lastIndex = 0;
  const root = ROOT.exec(text)?.[0];
  if (root === undefined || NOT_A_ROOT.has(root)) {
    return null;
  }
  const segments: PathSegment[] = [];
  let position = root.length;
  while (position < text.length) {
    SEGMENT.lastIndex = position;
    const match = SEGMENT.exec(text);
    if (match === null) {
      return null;
    }
    const [whole, name, single, double, index] = match;
    segments.push(index === undefined ? (name ?? single ?? double ?? '') : Number(index));
    position += whole.length;
  }
  return { root, segments };
}
