import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { choice } from '../common/read-props';
import { responseFieldsProp, responseFromProps, responseTypeProp } from './response-props';

/**
 * `return_response`: answers the webhook caller (`/sync` requests). `respond: 'stop'` (default)
 * ends the flow with the response; `'respond'` answers now and goes on with the next steps.
 * Returns the response. Flows without `respond` (older piece versions) stop.
 */
export const returnResponse = createAction({
  name: 'return_response',
  displayName: 'Return Response',
  description: 'return a response',
  props: {
    responseType: responseTypeProp,
    fields: responseFieldsProp,
    respond: Property.StaticDropdown({
      displayName: 'Flow Execution',
      required: false,
      defaultValue: 'stop',
      options: {
        options: [
          { label: 'Stop', value: 'stop' },
          { label: 'Respond and Continue', value: 'respond' },
        ],
      },
    }),
  },
  async run(ctx) {
    const response = responseFromProps(ctx.propsValue);
    if (choice(ctx.propsValue, 'respond', ['stop', 'respond'], 'stop') === 'stop') {
      ctx.run.stop({ response });
    } else {
      ctx.run.respond({ response });
    }
    return response;
  },
});
