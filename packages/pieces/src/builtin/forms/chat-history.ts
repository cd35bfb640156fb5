/**
 * A chat's history as the older "Return Chat Response" action keeps it: `{id, messages}` in the
 * flow's store under `chat-<chatId>`, the person's messages (`user`) and the flow's answers
 * (`bot`) in the order they came.
 */
import type { PieceStore } from '../../context/action-context';

/** One message of a chat. */
export interface ChatMessage {
  role: 'user' | 'bot';
  content: string;
}

/** A chat and its messages, oldest first: what "Return Chat Response" answers the page. */
export interface ChatHistory {
  id: string;
  messages: ChatMessage[];
}

/** The store key of chat `chatId`'s history. */
export const chatHistoryKey = (chatId: string) => `chat-${chatId}`;

/** The history of chat `chatId` (no messages yet when none was kept). */
export async function readChatHistory(store: PieceStore, chatId: string): Promise<ChatHistory> {
  const kept = await store.get<ChatHistory>(chatHistoryKey(chatId));
  return kept !== null && Array.isArray(kept.messages) ? kept : { id: chatId, messages: [] };
}

/** Adds `message` to the end of chat `chatId`'s history; answers the history. */
export async function recordChatMessage(
  store: PieceStore,
  chatId: string,
  message: ChatMessage,
): Promise<ChatHistory> {
  const history = await readChatHistory(store, chatId);
  const next = { id: chatId, messages: [...history.messages, message] };
  return store.put(chatHistoryKey(chatId), next);
}
