/**
 * `/chats/:flowId`: the public chat of a flow started by the forms piece's chat trigger. Each
 * message is sent with the chat's id (kept in this browser, so a reload shows the same chat) and
 * its files; the bot's turn shows the flow's agent messages as they arrive, then the flow's answer.
 * `?useDraft=true` reads and talks to the draft.
 */
import type { ChatUIResponse } from '@piecework/shared';
import { MessageSquarePlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { chatMessageBody } from './chat-body';
import { ChatComposer } from './chat-composer';
import { ChatMessages } from './chat-messages';
import { failureMessage } from './failure-message';
import { answeredFailure, chatAnswerOf } from './flow-answer';
import { HumanInputLayout, HumanInputReadState } from './human-input-layout';
import type { SubmissionState } from './submission-state';
import { useChatSession } from './use-chat-session';
import { useChatPage, useHumanInputTarget } from './use-human-input-page';
import { useSubmission } from './use-submission';

const DEFAULT_BOT_NAME = 'AI Bot';

/** The page of `/chats/:flowId`. */
export function Page() {
  const { flowId, useDraft } = useHumanInputTarget();
  const chat = useChatPage(flowId, useDraft);
  if (chat.data === undefined) {
    return (
      <HumanInputLayout>
        <HumanInputReadState error={chat.error} what="chat" />
      </HumanInputLayout>
    );
  }
  return (
    <HumanInputLayout platformName={chat.data.platformName} wide>
      <ChatView chat={chat.data} useDraft={useDraft} />
    </HumanInputLayout>
  );
}

function ChatView({ chat, useDraft }: { chat: ChatUIResponse; useDraft: boolean }) {
  const botName = chat.props.botName ?? DEFAULT_BOT_NAME;
  const { session, addMessage, startOver } = useChatSession(chat.id);
  const [failure, setFailure] = useState<string | null>(null);
  const lastBody = useRef<FormData | null>(null);
  const onSettled = (final: SubmissionState) => {
    if (final.phase === 'failed') setFailure(failureMessage(final.failure));
    if (final.phase !== 'answered') return;
    if (final.status >= 400) {
      setFailure(failureMessage(answeredFailure(final.status, final.body)));
      return;
    }
    const text = chatAnswerOf(final.body) ?? (final.turns.length > 0 ? final.turns.join('\n\n') : null);
    if (text !== null) addMessage({ role: 'bot', text });
  };
  const { state, submit, reset } = useSubmission({ kind: 'chat', flowId: chat.id, useDraft }, onSettled);
  const busy = state.phase === 'sending';

  const send = (message: string, files: readonly File[]) => {
    addMessage({ role: 'user', text: message, fileNames: files.map((file) => file.name) });
    const body = chatMessageBody(session.chatId, message, files);
    lastBody.current = body;
    setFailure(null);
    submit(body);
  };
  const retry = () => {
    if (lastBody.current === null) return;
    setFailure(null);
    submit(lastBody.current);
  };
  const newChat = () => {
    reset();
    setFailure(null);
    lastBody.current = null;
    startOver();
  };

  return (
    <main className="hi-chat">
      <header className="hi-chat-header">
        {chat.platformLogoUrl === null ? null : (
          <img src={chat.platformLogoUrl} alt="" width={28} height={28} />
        )}
        <div className="hi-chat-title">
          <h1>{chat.title}</h1>
          <p className="small muted">Chat with {botName}</p>
        </div>
        <button type="button" className="btn small" onClick={newChat} disabled={busy}>
          <MessageSquarePlus size={16} aria-hidden="true" /> New chat
        </button>
      </header>
      <ChatMessages
        botName={botName}
        messages={session.messages}
        pendingTurns={busy ? state.turns : null}
        failure={failure === null ? null : { message: failure, retry }}
      />
      <ChatComposer busy={busy} onSend={send} />
    </main>
  );
}
