/**
 * The fixed vocabulary of the JavaScript subset that `{{ }}` expressions are read with:
 * punctuators, reserved words and character classes. Internal to the references folder.
 */

/**
 * Every punctuator the tokenizer knows, longest first so that the first match is the longest
 * (`>>>=` before `>>>` before `>>`). Use it through {@link matchPunctuator}.
 */
const PUNCTUATORS: readonly string[] = [
  '>>>=',
  '...',
  '===',
  '!==',
  '**=',
  '<<=',
  '>>=',
  '>>>',
  '&&=',
  '||=',
  '??=',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '**',
  '<<',
  '>>',
  ...'{}()[];,<>+-*/%&|^!~?:=.@',
];

/**
 * The punctuator starting at `position` of `text`, or `undefined` when none does. `?.` followed
 * by a digit is `?` (the ternary `a?.5:1`), as in JavaScript. Use it in the tokenizer only.
 */
export function matchPunctuator(text: string, position: number): string | undefined {
  for (const punctuator of PUNCTUATORS) {
    if (text.startsWith(punctuator, position)) {
      if (punctuator === '?.' && isDigit(text[position + 2])) {
        continue;
      }
      return punctuator;
    }
  }
  return undefined;
}

/**
 * Reserved words (ES2022 strict mode, plus `null`/`true`/`false`): never a reference to a step.
 * Contextual words (`async`, `of`, `get`, `set`, `as`, `from`) are not here: they can be names.
 * Use it to tell keywords from identifiers.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
]);

/**
 * Keywords after which a `/` starts a regular expression rather than a division
 * (`return /x/.test(s)`, `typeof /x/`). Use it in the tokenizer's regex-or-division decision.
 */
export const KEYWORDS_BEFORE_EXPRESSION: ReadonlySet<string> = new Set([
  'await',
  'case',
  'delete',
  'do',
  'else',
  'in',
  'instanceof',
  'new',
  'of',
  'return',
  'throw',
  'typeof',
  'void',
  'yield',
]);

const WHITESPACE = /[\s\ufeff]/u;

/** Whether `char` is JavaScript whitespace or a line terminator (skipped between tokens). */
export function isWhitespace(char: string | undefined): boolean {
  return char !== undefined && WHITESPACE.test(char);
}

/** Whether `char` is an ASCII decimal digit. */
export function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** Whether `char` ends a line (and so ends a `//` comment and may not appear raw in a string). */
export function isLineTerminator(char: string | undefined): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
}
