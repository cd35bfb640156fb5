import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `get`: the stored value, or `defaultValue` (or null) when there is none. */
export const storeGet = createAction({
  name: 'get',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  audience: 'both',
  classification: 'READ',
  aiMetadata: {
    description:
      'Reads the value stored under a key in the key/value store, falling back to an optional default value when the key is missing. Use it to load state persisted by an earlier step, run, or flow; pair it with Put, which writes the value. Requires the key (max 128 characters) and the matching Store Scope, because a key written in one scope is invisible to the others; read-only and idempotent.',
    idempotent: true,
  },
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
