/**
 * The form's live region: "Sending…" while the flow works (and "still working" once the server
 * says it is taking a while), then the flow's answer: its markdown and files, a file to download,
 * "Your submission was received.", or the failure's message.
 */
import { MarkdownText } from '../../components/markdown-text';
import { failureMessage } from './failure-message';
import { FileLinks } from './file-links';
import { formAnswerOf } from './flow-answer';
import type { SubmissionState } from './submission-state';

/** The region under the form's button; always rendered so that screen readers hear its changes. */
export function FormAnswerView({ state }: { state: SubmissionState }) {
  return (
    <div className="hi-answer" aria-live="polite" aria-busy={state.phase === 'sending'}>
      <AnswerBody state={state} />
    </div>
  );
}

function AnswerBody({ state }: { state: SubmissionState }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'sending':
      return (
        <p className="hi-pending" role="status">
          <span className="spinner" aria-hidden="true" />
          {state.stillWorking ? 'Still working on it… the answer will appear here.' : 'Sending…'}
        </p>
      );
    case 'failed':
      return (
        <div className="notice error" role="alert">
          {failureMessage(state.failure)}
        </div>
      );
    case 'answered':
      return <Answered status={state.status} body={state.body} />;
    default:
      return null;
  }
}

function Answered({ status, body }: { status: number; body: unknown }) {
  const answer = formAnswerOf(status, body);
  switch (answer.kind) {
    case 'markdown':
      return (
        <section aria-label="Answer">
          <MarkdownText markdown={answer.markdown} />
          <FileLinks files={answer.files} />
        </section>
      );
    case 'file':
      return (
        <section aria-label="Answer">
          <p>Your file is ready.</p>
          <FileLinks files={[answer.file]} />
        </section>
      );
    case 'received':
      return (
        <p className="notice info" role="status">
          Your submission was received.
        </p>
      );
    case 'failed':
      return (
        <div className="notice error" role="alert">
          {failureMessage(answer.failure)}
        </div>
      );
    default:
      return null;
  }
}
