import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { sendResponse } from '../webhook/respond-prop';
import { HIDDEN_ERROR_HANDLING, pageResponse } from './forms-common';

/**
 * `return_markdown` ("Respond on UI (Markdown)", older versions of the piece): answers the page
 * with `{type: 'markdown', value}` and stops the run. Returns the response.
 */
export const returnMarkdown = createAction({
  name: 'return_markdown',
  displayName: 'Respond on UI (Markdown)',
  description: 'Return a markdown as a response.',
  errorHandlingOptions: HIDDEN_ERROR_HANDLING,
  props: {
    markdown: Property.LongText({ displayName: 'Markdown', required: true }),
  },
  async run(ctx) {
    const value = requiredText(ctx.propsValue, 'markdown');
    return sendResponse(ctx, pageResponse({ type: 'markdown', value }));
  },
});
