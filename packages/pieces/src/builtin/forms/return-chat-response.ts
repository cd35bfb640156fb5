import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { sendResponse } from '../webhook/respond-prop';
import { recordChatMessage } from './chat-history';
import { pageResponse } from './forms-common';

/**
 * `return_chat_response` ("Return Chat Response", older versions of the piece): adds the markdown
 * to the chat's history as the bot's message, answers the chat page with the whole history
 * (`{id, messages: [{role, content}]}`) and stops the run. Returns the response.
 */
export const returnChatResponse = createAction({
  name: 'return_chat_response',
  displayName: 'Return Chat Response',
  description: 'Return a chat as a response.',
  props: {
    chatId: Property.ShortText({
      displayName: 'Chat ID',
      required: true,
      description: 'Use the `chatId` field from the chat trigger output.',
    }),
    markdown: Property.LongText({ displayName: 'Markdown', required: true }),
  },
  async run(ctx) {
    const chatId = requiredText(ctx.propsValue, 'chatId');
    if (chatId === '') throw new Error('Input "chatId" is required');
    const content = requiredText(ctx.propsValue, 'markdown');
    const chat = await recordChatMessage(ctx.store, chatId, { role: 'bot', content });
    return sendResponse(ctx, pageResponse({ ...chat }));
  },
});
