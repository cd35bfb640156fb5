import { CHAT_TRIGGER_NAME, USE_DRAFT_QUERY_PARAM_NAME } from '@piecework/shared';
import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { recordChatMessage } from './chat-history';

const responseMarkdown = `
This trigger sets up a chat interface. Ensure that **Respond on UI** action is set with **Markdown** as the response type in the final step of your flow.`;

const aboutMarkdown = `
**Published Chat URL:**
\`\`\`text
{{chatUrl}}
\`\`\`
Use this for production, views the published version of the chat flow.
<br>
<br>
**Draft Chat URL:**
\`\`\`text
{{chatUrl}}?${USE_DRAFT_QUERY_PARAM_NAME}=true
\`\`\`
Use this to generate sample data, views the draft version of the chat flow (the one you are editing now).
`;

/** A chat message as the chat page posts it: its chat, its text, and attachments `file[0]`, `file[1]`... */
type ChatBody = Record<string, unknown> & { chatId?: unknown; message?: unknown };

const FILE_KEY = /^file\[(\d+)\]$/;

/** The attachments of a chat message (`file[0]`, `file[1]`, ... keys), in index order. */
function attachmentsOf(body: ChatBody): unknown[] {
  return Object.entries(body)
    .flatMap(([key, value]) => {
      const index = FILE_KEY.exec(key)?.[1];
      return index === undefined ? [] : [{ index: Number(index), value }];
    })
    .sort((a, b) => a.index - b.index)
    .map(({ value }) => value);
}

function requiredField(body: ChatBody, key: 'chatId' | 'message', label: string): string {
  const value = body[key];
  if (value === undefined || value === null || value === '') throw new Error(`${label} is required`);
  if (typeof value !== 'string') throw new Error(`${label} must be text`);
  return value;
}

/**
 * `chat_submission` ("Chat UI"): the flow starts on each message sent from the chat page the web
 * app hosts (`/chats/:flowId`). Its output is `{chatId, message, files}`, files being the
 * message's attachments in order; a body without `chatId` or `message` starts no run (the
 * trigger fails saying which is missing). The message is also added to the chat's history, which
 * "Return Chat Response" (older flows) answers with.
 */
export const chatSubmission = createTrigger({
  name: CHAT_TRIGGER_NAME,
  displayName: 'Chat UI',
  description: 'Trigger the flow by sending a message',
  type: 'WEBHOOK',
  sampleData: { chatId: 'MOCK_CHAT_ID', message: 'Hello, how are you?' },
  props: {
    responseMarkdown: Property.MarkDown({ value: responseMarkdown, variant: 'WARNING' }),
    about: Property.MarkDown({ value: aboutMarkdown }),
    botName: Property.ShortText({
      displayName: 'Bot Name',
      description: 'The name of the chatbot',
      required: true,
      defaultValue: 'AI Bot',
    }),
  },
  async onEnable() {},
  async onDisable() {},
  async run(ctx) {
    const body: ChatBody =
      typeof ctx.payload.body === 'object' && ctx.payload.body !== null ? (ctx.payload.body as ChatBody) : {};
    const chatId = requiredField(body, 'chatId', 'Chat ID');
    const message = requiredField(body, 'message', 'Message');
    await recordChatMessage(ctx.store, chatId, { role: 'user', content: message });
    return [{ chatId, message, files: attachmentsOf(body) }];
  },
});
