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
