/**
 * Reading a `{{ }}` expression that is a plain reference to a step's output: the step's name,
 * `output` (in brackets or after a dot), then keys and array indexes, e.g.
 * `step_1['output']['items'][0].name`. Anything else (a call, an operator, a computed key) is a
 * formula, for which this answers `undefined`. Built on the expression tokenizer of this folder,
 * so strings, escapes and whitespace are read the way the reference rewriter reads them.
 */
import { isReservedWord, tokenize, type Token } from './tokenize';

/** A plain reference: which step's output it reads and the keys and indexes inside it. */
export interface PlainReference {
  readonly stepName: string;
  readonly path: readonly (string | number)[];
}

const ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
  b: '\b',
  f: '\f',
  v: '\v',
};

/** The value of a string literal token, or undefined for an escape this reader does not know. */
function stringValue(raw: string): string | undefined {
  let value = '';
  for (let at = 1; at < raw.length - 1; at += 1) {
    const char = raw[at]!;
    if (char !== '\\') {
      value += char;
      continue;
    }
    const next = raw[at + 1] ?? '';
    const unicode = /^u([0-9a-fA-F]{4})/.exec(raw.slice(at + 1));
    if (unicode !== null) {
      value += String.fromCharCode(Number.parseInt(unicode[1]!, 16));
      at += 5;
    } else if (next in ESCAPES) {
      value += ESCAPES[next];
      at += 1;
    } else {
      return undefined;
    }
  }
  return value;
}

/** One `['key']`, `[0]` or `.key` starting at `tokens[at]`, and where the next one starts. */
function segmentAt(
  tokens: readonly Token[],
  at: number,
): { segment: string | number; next: number } | undefined {
  const [first, second] = [tokens[at], tokens[at + 1]];
  if (first?.type !== 'punctuator') return undefined;
  if ((first.value === '.' || first.value === '?.') && second?.type === 'identifier') {
    return { segment: second.value, next: at + 2 };
  }
  const open = first.value === '[' ? at : first.value === '?.' && second?.value === '[' ? at + 1 : -1;
  if (open < 0) return undefined;
  const inner = tokens[open + 1];
  if (tokens[open + 2]?.type !== 'punctuator' || tokens[open + 2]?.value !== ']') return undefined;
  const next = open + 3;
  if (inner?.type === 'string') {
    const key = stringValue(inner.value);
    return key === undefined ? undefined : { segment: key, next };
  }
  if (inner?.type === 'number' && /^(0|[1-9][0-9]*)$/.test(inner.value)) {
    return { segment: Number(inner.value), next };
  }
  return undefined;
}

/**
 * The step and path a `{{ }}` expression (the text between the braces) reads, when it is a
 * plain reference to a step's output; `undefined` for anything else. Use it to show references
 * as chips and to look their values up in sample data, never to evaluate an expression.
 *
 * @example
 * ```ts
 * readPlainReference(" step_1['output'].email "); // { stepName: 'step_1', path: ['email'] }
 * readPlainReference("step_1['output'].email.toUpperCase()"); // undefined
 * ```
 */
export function readPlainReference(expression: string): PlainReference | undefined {
  const scanned = tokenize(expression);
  if (!scanned.ok) return undefined;
  const tokens = scanned.tokens;
  if (tokens.some((token) => token.type === 'comment')) return undefined;
  const head = tokens[0];
  if (head?.type !== 'identifier' || isReservedWord(head)) return undefined;
  const segments: (string | number)[] = [];
  let at = 1;
  while (at < tokens.length) {
    const read = segmentAt(tokens, at);
    if (read === undefined) return undefined;
    segments.push(read.segment);
    at = read.next;
  }
  if (segments[0] !== 'output') return undefined;
  return { stepName: head.value, path: segments.slice(1) };
}
