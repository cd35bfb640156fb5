/**
 * The chat's messages (a `log` region: screen readers hear each new one): the person's on the
 * right as written, the bot's on the left as markdown under its name; while an answer is on its
 * way, the bot's turn shows each message of the flow's agent as it arrives; a failure shows
 * inline with a retry.
 */
import { useEffect, useRef } from 'react';
import { MarkdownText } from '../../components/markdown-text';
import type { ChatMessage } from './chat-session-store';

/** Props of {@link ChatMessages}. */
export interface ChatMessagesProps {
  botName: string;
  messages: readonly ChatMessage[];
  /** The bot's turn in progress: the agent's messages so far (empty: thinking). */
  pendingTurns: readonly string[] | null;
  /** The last message's failure, with the retry. */
  failure: { message: string; retry: () => void } | null;
}

/** The list of messages. */
export function ChatMessages({ botName, messages, pendingTurns, failure }: ChatMessagesProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pendingTurns?.length, failure]);
  return (
    <div className="hi-messages" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
      {messages.length === 0 && pendingTurns === null ? (
        <p className="hi-empty muted">Send a message to start the conversation.</p>
      ) : null}
      {messages.map((message) =>
        message.role === 'user' ? (
          <div key={message.id} className="hi-message hi-user">
            <p>{message.text}</p>
            {message.fileNames === undefined || message.fileNames.length === 0 ? null : (
              <p className="hi-files small">Attached: {message.fileNames.join(', ')}</p>
            )}
          </div>
        ) : (
          <BotMessage key={message.id} botName={botName}>
            <MarkdownText markdown={message.text} />
          </BotMessage>
        ),
      )}
      {pendingTurns === null ? null : (
        <BotMessage botName={botName} busy>
          {pendingTurns.map((turn, index) => (
            <MarkdownText key={String(index)} markdown={turn} />
          ))}
          <p className="hi-typing muted" role="status">
            <span className="spinner" aria-hidden="true" /> {botName} is answering…
          </p>
        </BotMessage>
      )}
      {failure === null ? null : (
        <div className="notice error hi-message-error" role="alert">
          <span>{failure.message}</span>
          <button type="button" className="btn small" onClick={failure.retry}>
            Retry
          </button>
        </div>
      )}
      <div ref={end} />
    </div>
  );
}

function BotMessage({
  botName,
  busy = false,
  children,
}: {
  botName: string;
  busy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="hi-message hi-bot" aria-busy={busy}>
      <div className="hi-bot-name small muted">{botName}</div>
      {children}
    </div>
  );
}
