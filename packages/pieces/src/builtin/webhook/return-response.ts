import { createAction } from '../../framework/create-piece';
import { respondProp, sendResponse } from './respond-prop';
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
    respond: respondProp,
  },
  async run(ctx) {
    return sendResponse(ctx, responseFromProps(ctx.propsValue));
  },
});
