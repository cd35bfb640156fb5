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
