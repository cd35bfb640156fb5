/**
 * The chat's composer: a message box (Enter sends, Shift+Enter starts a new line), files attached
 * with a button and shown as removable chips, and a send button disabled while the message is
 * empty or an answer is on its way.
 */
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

/** Props of {@link ChatComposer}. */
export interface ChatComposerProps {
  /** An answer is on its way: sending waits. */
  busy: boolean;
  onSend: (message: string, files: readonly File[]) => void;
}

/** The box under the messages. */
export function ChatComposer({ busy, onSend }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<readonly File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const canSend = !busy && text.trim() !== '';

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim(), files);
    setText('');
    setFiles([]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form className="hi-composer" onSubmit={send} aria-label="Send a message">
      {files.length === 0 ? null : (
        <ul className="hi-chips" aria-label="Attached files">
          {files.map((file, index) => (
            <li key={`${file.name}-${String(index)}`} className="hi-chip">
              <span>{file.name}</span>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((_, at) => at !== index))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="hi-composer-row">
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setFiles((current) => [...current, ...chosen]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className="icon-btn"
          aria-label="Attach files"
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip size={18} aria-hidden="true" />
        </button>
        <label htmlFor={`${id}-message`} className="visually-hidden">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          rows={1}
          placeholder="Type your message…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn primary" disabled={!canSend} aria-label="Send">
          <SendHorizontal size={16} aria-hidden="true" />
        </button>
      </div>
    </form>
  );
}
