import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalText } from '../common/read-props';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/**
 * `append`: appends `value` to the text stored under the key (empty when there is none), with
 * `separator` in between (`\n` in it means a newline). Returns the new text; an empty value
 * changes nothing. Fails when the stored value is not text.
 */
export const storeAppend = createAction({
  name: 'append',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  audience: 'both',
  classification: 'WRITE',
  aiMetadata: {
    description:
      'Concatenates text onto the string already stored under a key, optionally inserting a separator between the old and new text. Use it to accumulate a growing log across runs; prefer Put to replace the value outright, or Add To List when the stored value is an array rather than a string. Requires the key (max 128 characters), the value, and the Store Scope, fails if the existing value is not a string, caps the stored value at 512 KB, and is not idempotent since each call appends again.',
    idempotent: false,
  },
  displayName: 'Append',
  description: 'Append to a value in storage',
  props: {
    key: keyProp,
    value: Property.ShortText({ displayName: 'Value', required: true }),
    separator: Property.ShortText({
      displayName: 'Separator',
      description: 'Separator between added values, use \\n for newlines',
      required: false,
    }),
    store_scope: storeScopeProp,
  },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    const current = (await ctx.store.get(key, scope)) || '';
    if (typeof current !== 'string') throw new Error(`Key ${key} is not a string`);
    const value = optionalText(ctx.propsValue, 'value');
    if (value === undefined) return current;
    const separator = (optionalText(ctx.propsValue, 'separator') ?? '').replace(/\\n/g, '\n');
    return ctx.store.put(key, current.length > 0 ? current + separator + value : value, scope);
  },
});
