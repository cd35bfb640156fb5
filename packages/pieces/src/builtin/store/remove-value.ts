import { createAction } from '../../framework/create-piece';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `remove_value`: deletes the key (a missing key is fine). Returns `{success: true}`. */
export const storeRemoveValue = createAction({
  name: 'remove_value',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  audience: 'both',
  classification: 'DESTRUCTIVE',
  aiMetadata: {
    description:
      'Deletes a key and its value from the key/value store within the given scope. Use it to clear persisted state once it has been consumed or to reset a counter; use Remove from List instead to drop a single element while keeping the rest of a stored array. Requires the key (max 128 characters) and the Store Scope the value was written under; removing a key that does not exist is not an error, and the delete is idempotent.',
    idempotent: true,
  },
  displayName: 'Remove',
  description: 'Remove a value from storage',
  props: { key: keyProp, store_scope: storeScopeProp },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    await ctx.store.delete(key, scope);
    return { success: true };
  },
});
