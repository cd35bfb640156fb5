import { isDeepStrictEqual } from 'node:util';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalBoolean } from '../common/read-props';
import { keyProp, storeLocation, storeScopeProp } from './store-common';

/** `value` as a list (JSON text of a list is parsed); `undefined` when it is not one. */
function asList(value: unknown): unknown[] | undefined {
  if (typeof value !== 'string') return Array.isArray(value) ? value : undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `add_to_list`: appends the items of `value` (a list, or JSON text of one) to the list stored
 * under the key (empty when there is none). With `ignore_if_exists`, items already in the list
 * (deep equality) are skipped. Returns the new list.
 */
export const storeAddToList = createAction({
  name: 'add_to_list',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  audience: 'both',
  classification: 'WRITE',
  aiMetadata: {
    description:
      'Pushes items onto the array stored under a key, creating the list when the key is empty; an optional ignore-if-exists mode skips items already present, matched by deep equality. Use it to accumulate records across runs; prefer Put to replace the whole array, or Append when the stored value is a string. Requires the key (max 128 characters), a list of values, and the Store Scope, fails if the existing value is not an array, caps the stored list at 512 KB, and is not idempotent unless ignore-if-exists is on.',
    idempotent: false,
  },
  displayName: 'Add To List',
  description: 'Add Items to a list.',
  props: {
    key: keyProp,
    value: Property.Array({ displayName: 'Value', required: true }),
    ignore_if_exists: Property.Checkbox({ displayName: 'Ignore if value exists', required: false }),
    store_scope: storeScopeProp,
  },
  async run(ctx) {
    const { key, scope } = storeLocation(ctx);
    const items = asList(ctx.propsValue.value ?? []);
    if (!items) throw new Error('Input "value" is not a list');
    const stored = asList((await ctx.store.get(key, scope)) ?? []);
    if (!stored) throw new Error(`Key ${key} is not a list`);
    const list = [...stored];
    const ignoreExisting = optionalBoolean(ctx.propsValue, 'ignore_if_exists');
    for (const item of items) {
      if (!ignoreExisting || !list.some((existing) => isDeepStrictEqual(existing, item))) list.push(item);
    }
    return ctx.store.put(key, list, scope);
  },
});
