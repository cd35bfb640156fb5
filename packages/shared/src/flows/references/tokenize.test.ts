import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

/** `type:value` of every token, or the error reason. */
const lex = (text: string): string[] | string => {
  const result = tokenize(text);
  return result.ok ? result.tokens.map((token) => `${token.type}:${token.value}`) : result.reason;
};

describe('tokenize', () => {
  it.each([
    [
      'identifiers with $ and unicode',
      '$a _b ümlaut',
      ['identifier:$a', 'identifier:_b', 'identifier:ümlaut'],
    ],
    [
      'numbers',
      '0x1F 1.5e-3 .5 1_000 10n',
      ['number:0x1F', 'number:1.5e-3', 'number:.5', 'number:1_000', 'number:10n'],
    ],
    ['strings with escapes', `'a\\'b' "c\\"d"`, ["string:'a\\'b'", 'string:"c\\"d"']],
    [
      'punctuators, longest first',
      'a?.b ?? c => ...d >>>= e',
      [
        'identifier:a',
        'punctuator:?.',
        'identifier:b',
        'punctuator:??',
        'identifier:c',
        'punctuator:=>',
        'punctuator:...',
        'identifier:d',
        'punctuator:>>>=',
        'identifier:e',
      ],
    ],
    [
      '?. before a digit is a ternary',
      'a?.5:1',
      ['identifier:a', 'punctuator:?', 'number:.5', 'punctuator::', 'number:1'],
    ],
    [
      'a template with substitutions',
      '`a${b}c${ {d} }e`',
      [
        'template:`a${',
        'identifier:b',
        'template:}c${',
        'punctuator:{',
        'identifier:d',
        'punctuator:}',
        'template:}e`',
      ],
    ],
    ['a regex after (', '(/a[/]b/g)', ['punctuator:(', 'regex:/a[/]b/g', 'punctuator:)']],
    [
      'division after )',
      '(a)/b/c',
      [
        'punctuator:(',
        'identifier:a',
        'punctuator:)',
        'punctuator:/',
        'identifier:b',
        'punctuator:/',
        'identifier:c',
      ],
    ],
    ['a regex after a keyword', 'typeof /x/', ['identifier:typeof', 'regex:/x/']],
    ['comments', 'a // b\n/* c */ d', ['identifier:a', 'comment:// b', 'comment:/* c */', 'identifier:d']],
    ['a private name', 'this.#x', ['identifier:this', 'punctuator:.', 'private:#x']],
    ['an unterminated string', "'abc", 'unterminated string literal'],
    ['an unterminated template', '`a${b}', 'unterminated template literal'],
    ['an unterminated regex', '/abc', 'unterminated regular expression'],
    ['an unterminated comment', '/* a', 'unterminated comment'],
    ['a stray }', 'a }', 'unbalanced }'],
    ['an unclosed {', '{ a', 'unclosed { or ${'],
    ['an unknown character', 'a \\ b', 'unexpected character \\'],
  ])('%s', (_, text, expected) => {
    expect(lex(text)).toEqual(expected);
  });

  it('stops at the first }} outside braces when asked', () => {
    const text = '{{ {a: "}}"} }} rest';
    const result = tokenize(text, { start: 2, stopAtDoubleBrace: true });
    expect(result.ok && text.slice(2, result.end)).toBe(' {a: "}}"} ');
  });
});
