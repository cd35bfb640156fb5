import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { parseJson, requiredText } from '../common/read-props';

/** `convert_text_to_json`: parses `text` as JSON; the step fails on invalid JSON. */
export const convertTextToJson = createAction({
  name: 'convert_text_to_json',
  displayName: 'Convert Text to Json',
  description: 'Parses text into JSON.',
  props: {
    text: Property.LongText({ displayName: 'Text', required: true, defaultValue: '' }),
  },
  async run(ctx) {
    return parseJson('text', requiredText(ctx.propsValue, 'text'));
  },
});
