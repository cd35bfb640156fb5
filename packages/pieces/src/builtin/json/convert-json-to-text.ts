import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';

/** `convert_json_to_text`: `json` as compact JSON text. */
export const convertJsonToText = createAction({
  name: 'convert_json_to_text',
  displayName: 'Convert Json to Text',
  description: 'Stringifies JSON.',
  props: {
    json: Property.Json({ displayName: 'JSON', required: true, defaultValue: {} }),
  },
  async run(ctx) {
    const { json } = ctx.propsValue;
    if (json === undefined) throw new Error('Input "json" is required');
    return JSON.stringify(json);
  },
});
