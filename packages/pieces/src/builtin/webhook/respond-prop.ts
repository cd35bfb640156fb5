import type { FlowResponse } from '@piecework/engine';
import type { ActionContext } from '../../context/action-context';
import { Property } from '../../framework/properties';
import { choice } from '../common/read-props';

/**
 * The `respond` input of the actions that answer a waiting caller (Return Response, Reply to MCP
 * Client): `stop` (default) ends the flow with the response, `respond` answers and goes on.
 */
export const respondProp = Property.StaticDropdown({
  displayName: 'Flow Execution',
  required: false,
  defaultValue: 'stop',
  options: {
    options: [
      { label: 'Stop', value: 'stop' },
      { label: 'Respond and Continue', value: 'respond' },
    ],
  },
});

/** Answers the waiting caller with `response`, stopping the flow or not as `respond` says; returns it. */
export function sendResponse(ctx: ActionContext, response: FlowResponse): FlowResponse {
  if (choice(ctx.propsValue, 'respond', ['stop', 'respond'], 'stop') === 'stop') {
    ctx.run.stop({ response });
  } else {
    ctx.run.respond({ response });
  }
  return response;
}
