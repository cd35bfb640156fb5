import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `get`: the stored value, or `defaultValue` (or null) when there is none. */
export const storeGet = createAction({
  name: 'get',
  displayName: 'Get',
  description: 'Get a value from storage',
  props: {
    key: keyProp,
    defaultValue: Property.ShortText({ displayName: 'Default Value', required: false }),
    store_scope: storeScopeProp,
  },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    return (await ctx.store.get(key, scope)) ?? ctx.propsValue.defaultValue ?? null;
  },
});
