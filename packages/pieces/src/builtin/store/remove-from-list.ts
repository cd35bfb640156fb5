import { isDeepStrictEqual } from 'node:util';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/**
 * `remove_from_list`: removes the first item equal to `value` (deep equality) from the list
 * stored under the key, writes the list back and returns it. Fails when the value is not a list.
 */
export const storeRemoveFromList = createAction({
  name: 'remove_from_list',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  audience: 'both',
  classification: 'DESTRUCTIVE',
  aiMetadata: {
    description:
      'Removes a matching item from the array stored under a key and writes the shortened list back; the value is matched as text, so items stored as objects cannot be targeted. Use it to drop one element while keeping the rest; use Remove to delete the whole key, or Put to overwrite the array. Requires the key (max 128 characters), the value, and the Store Scope; fails if the stored value is not an array, removes only the first match per call, and is idempotent.',
    idempotent: true,
  },
  displayName: 'Remove from List',
  description: 'Remove Item from a list',
  props: {
    key: keyProp,
    value: Property.ShortText({ displayName: 'Value', required: true }),
    store_scope: storeScopeProp,
  },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    const stored = (await ctx.store.get(key, scope)) ?? [];
    if (!Array.isArray(stored)) throw new Error(`Key ${key} is not an array`);
    const index = stored.findIndex((item) => isDeepStrictEqual(item, ctx.propsValue.value));
    const list = index < 0 ? [...stored] : [...stored.slice(0, index), ...stored.slice(index + 1)];
    return ctx.store.put(key, list, scope);
  },
});
