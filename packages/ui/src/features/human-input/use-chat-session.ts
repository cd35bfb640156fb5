/**
 * The chat page's session, kept in this browser per flow (see chat-session-store.ts): the messages
 * shown, adding one, and starting over with a new chat id.
 */
import { useCallback, useEffect, useState } from 'react';
import { newChatSession, readChatSession, writeChatSession, type ChatMessage } from './chat-session-store';

/** The chat of `flowId` and its changes; every change is stored at once. */
export function useChatSession(flowId: string) {
  const [session, setSession] = useState(() => readChatSession(flowId));
  useEffect(() => writeChatSession(flowId, session), [flowId, session]);
  const addMessage = useCallback((message: Omit<ChatMessage, 'id'>) => {
    setSession((current) => ({
      ...current,
      messages: [...current.messages, { ...message, id: crypto.randomUUID() }],
    }));
  }, []);
  const startOver = useCallback(() => setSession(newChatSession()), []);
  return { session, addMessage, startOver };
}
