/**
 * A chat page's session in this browser: its `chatId` (the flow's trigger output, so the flow can
 * keep the conversation) and the messages shown, kept in `localStorage` per flow so that a reload
 * shows the same chat. "New chat" replaces it with a fresh one.
 */

/** One message of the chat, as shown. */
export interface ChatMessage {
  readonly id: string;
  readonly role: 'user' | 'bot';
  /** Markdown (the bot's) or plain text (the person's). */
  readonly text: string;
  /** The names of the files sent with a person's message. */
  readonly fileNames?: readonly string[] | undefined;
}

/** A chat: its id and its messages in order. */
export interface ChatSession {
  readonly chatId: string;
  readonly messages: readonly ChatMessage[];
}

const KEY_PREFIX = 'piecework.chat.';

/** A chat with a new id and no message. */
export function newChatSession(): ChatSession {
  return { chatId: crypto.randomUUID(), messages: [] };
}

/** The stored chat of `flowId`, or a new one when none is stored (or it is unreadable). */
export function readChatSession(flowId: string): ChatSession {
  try {
    const text = localStorage.getItem(KEY_PREFIX + flowId);
    if (text === null) return newChatSession();
    const stored = JSON.parse(text) as Partial<ChatSession>;
    if (typeof stored.chatId !== 'string' || !Array.isArray(stored.messages)) return newChatSession();
    return { chatId: stored.chatId, messages: stored.messages };
  } catch {
    return newChatSession();
  }
}

/** Stores `session` as the chat of `flowId`. */
export function writeChatSession(flowId: string, session: ChatSession): void {
  try {
    localStorage.setItem(KEY_PREFIX + flowId, JSON.stringify(session));
  } catch {
    // Storage full or refused (a framed page in a strict browser): the chat lives in memory only.
  }
}
