import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { userRegExp } from './regex';

/** `find`: the first match of `expression` (a regular expression) in `text` with its groups, or null. */
export const find = createAction({
  name: 'find',
  displayName: 'Find',
  description: 'Find substring (Regex or Text).',
  props: {
    text: Property.ShortText({ displayName: 'text', required: true }),
    expression: Property.ShortText({
      displayName: 'Expression',
      description: 'Regex or text to search for.',
      required: true,
    }),
  },
  async run(ctx) {
    const match = requiredText(ctx.propsValue, 'text').match(
      userRegExp('expression', requiredText(ctx.propsValue, 'expression')),
    );
    return match ? [...match] : null;
  },
});
