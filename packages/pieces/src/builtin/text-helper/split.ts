import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';

/** `split`: splits `text` at every `delimiter` (plain text) into a list. */
export const split = createAction({
  name: 'split',
  displayName: 'Split',
  description: 'Split a text by a delimiter',
  props: {
    text: Property.ShortText({ displayName: 'Text', required: true }),
    delimiter: Property.ShortText({ displayName: 'Delimiter', required: true }),
  },
  async run(ctx) {
    return requiredText(ctx.propsValue, 'text').split(requiredText(ctx.propsValue, 'delimiter'));
  },
});
