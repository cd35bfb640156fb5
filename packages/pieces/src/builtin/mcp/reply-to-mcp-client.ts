import { createAction } from '../../framework/create-piece';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { optionalRecord } from '../common/read-props';
import { modeProp } from '../subflows/subflows-common';
import { respondProp, sendResponse } from '../webhook/respond-prop';

/**
 * `reply_to_mcp_client`: answers the MCP client waiting on the tool call (an `mcp_tool` trigger
 * with Wait for Response) with `response.response` as a 200 body. `respond: 'stop'` (default)
 * ends the flow with it; `'respond'` answers now and goes on. Returns the response.
 */
export const replyToMcpClient = createAction({
  name: 'reply_to_mcp_client',
  displayName: 'Reply to MCP Client',
  description: 'Return a response to the MCP client that called the tool.',
  props: {
    note: Property.MarkDown({
      value: '**Important**: Make sure your MCP trigger has (Wait for Response) turned on.',
    }),
    mode: modeProp,
    response: Property.DynamicProperties({
      displayName: 'Response',
      required: true,
      refreshers: ['mode'],
      props: async ({ mode }) => {
        const fields: Record<string, PiecePropertyDefinition> = {};
        fields['response'] =
          mode === 'simple'
            ? Property.Object({ displayName: 'Response', required: true })
            : Property.Json({ displayName: 'Response', required: true });
        return fields;
      },
    }),
    respond: respondProp,
  },
  async run(ctx) {
    const fields = optionalRecord(ctx.propsValue, 'response');
    if (!fields) throw new Error('Input "response" is required');
    const value = fields['response'];
    const body = ctx.propsValue['mode'] === 'advanced' ? jsonOrText(value) : value;
    return sendResponse(ctx, { status: 200, headers: {}, body: body ?? null });
  },
});

/** An Advanced-mode (JSON) response given as text, parsed; text that is not JSON stays text. */
function jsonOrText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
