import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { parseJson } from '../common/read-props';

/**
 * `advanced_mapping`: returns `mapping` — a JSON value whose `{{ }}` references the engine has
 * already resolved, so the step's output is the data in the new shape. JSON text is parsed.
 */
export const advancedMapping = createAction({
  name: 'advanced_mapping',
  errorHandlingOptions: { continueOnFailure: { hide: true }, retryOnFailure: { hide: true } },
  displayName: 'Advanced Mapping',
  description: 'Map data from one format to another',
  props: {
    mapping: Property.Json({
      displayName: 'Mapping',
      description: 'The mapping to use',
      required: true,
      defaultValue: { newProperty: 'oldProperty' },
    }),
  },
  async run(ctx) {
    const { mapping } = ctx.propsValue;
    if (mapping === undefined || mapping === null) throw new Error('Input "mapping" is required');
    return typeof mapping === 'string' ? parseJson('mapping', mapping) : mapping;
  },
});
