import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';

/** Characters that accent stripping does not reach, spelled out as the `slugify` package does. */
const CHAR_MAP: Record<string, string> = {
  '&': 'and',
  $: 'dollar',
  '%': 'percent',
  '<': 'less',
  '>': 'greater',
  '|': 'or',
  '€': 'euro',
  '£': 'pound',
  '¥': 'yen',
  '¢': 'cent',
  '©': '(c)',
  '®': '(r)',
  '™': 'tm',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
};

/** What a slug may keep besides letters, digits and `_` (the `slugify` package's default). */
const REMOVED = /[^\w\s$*_+~.()'"!\-:@]+/g;

/**
 * Slugifies `text` with the rules of the `slugify` package's defaults: accents are stripped and
 * a few symbols spelled out (`&` → `and`), characters outside `A-Za-z0-9_` and `$*+~.()'"!-:@`
 * are removed, the ends trimmed and runs of whitespace (and `-`) become one `-`; case is kept.
 */
export function slugify(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}+/gu, '')]
    .map((char) => {
      const mapped = CHAR_MAP[char] ?? char;
      return (mapped === '-' ? ' ' : mapped).replace(REMOVED, '');
    })
    .join('')
    .trim()
    .replace(/\s+/g, '-');
}

/** `slugify`: `text` as a URL slug (see {@link slugify}). */
export const slugifyAction = createAction({
  name: 'slugify',
  displayName: 'Slugify',
  description: 'Slugifies strings.',
  props: {
    text: Property.ShortText({ displayName: 'Text', required: true }),
  },
  async run(ctx) {
    return slugify(requiredText(ctx.propsValue, 'text'));
  },
});
