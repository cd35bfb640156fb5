import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';

/** Empty as Activepieces' `isEmpty` reads it: missing, `null`, `''`, `[]` or `{}`. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * `defaultValue`: returns `value`, or `defaultString` when `value` is empty (missing, `null`, the
 * empty text, an empty list or object). Text of only spaces is not empty, as on Activepieces.
 */
export const defaultValue = createAction({
  name: 'defaultValue',
  displayName: 'Use Default Value if Input is Empty',
  description: 'Checks your input and returns the default value, if the input is an empty text or list',
  props: {
    value: Property.ShortText({ displayName: 'Enter value', description: 'Enter value', required: false }),
    defaultString: Property.ShortText({ displayName: 'Default Value', required: true }),
  },
  async run(ctx) {
    const { value, defaultString } = ctx.propsValue;
    if (!isEmpty(value)) return value;
    if (defaultString === undefined || defaultString === null)
      throw new Error('Input "defaultString" is required');
    return defaultString;
  },
});
