import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';

/**
 * `slugify`: `text` as a URL slug, from the `slugify` library with its default options, as the
 * reference piece calls it: letters of many scripts are transliterated (`Привет мир` →
 * `Privet-mir`, `Straße` → `Strasse`) and a few symbols spelled out (`&` → `and`), characters
 * outside `A-Za-z0-9_` and `$*+~.()'"!-:@` are removed, the ends trimmed and runs of whitespace
 * become one `-`; case is kept.
 */
export const slugifyAction = createAction({
  name: 'slugify',
  displayName: 'Slugify',
  description: 'Slugifies strings.',
  props: {
    text: Property.ShortText({ displayName: 'Text', required: true }),
  },
  async run(ctx) {
    const text = requiredText(ctx.propsValue, 'text');
    const { default: slugify } = await import('slugify');
    return slugify(text);
  },
});
