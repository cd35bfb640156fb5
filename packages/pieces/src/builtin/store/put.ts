import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `put`: stores `value` under the key (replacing what was there) and returns it. */
export const storePut = createAction({
  name: 'put',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  audience: 'both',
  classification: 'WRITE',
  aiMetadata: {
    description:
      'Writes a value under a key in the key/value store, overwriting whatever was there before. Use it to persist state across steps, runs, or flows; prefer Append to concatenate onto an existing string, or Add To List to push onto a stored array, since Put replaces the entire value. Requires the key (max 128 characters), the value, and the Store Scope the reader will use, caps the stored value at 512 KB, and is idempotent.',
    idempotent: true,
  },
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
