import { createAction } from '../../framework/create-piece';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `remove_value`: deletes the key (a missing key is fine). Returns `{success: true}`. */
export const storeRemoveValue = createAction({
  name: 'remove_value',
  displayName: 'Remove',
  description: 'Remove a value from storage',
  props: { key: keyProp, store_scope: storeScopeProp },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    await ctx.store.delete(key, scope);
    return { success: true };
  },
});
