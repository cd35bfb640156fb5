import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `put`: stores `value` under the key (replacing what was there) and returns it. */
export const storePut = createAction({
  name: 'put',
  displayName: 'Put',
  description: 'Put a value in storage',
  props: {
    key: keyProp,
    value: Property.ShortText({ displayName: 'Value', required: true }),
    store_scope: storeScopeProp,
  },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    return ctx.store.put(key, ctx.propsValue.value ?? null, scope);
  },
});
