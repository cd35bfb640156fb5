/**
 * The frame of the public form and chat pages: the page alone (no app navigation, as it is often
 * framed by another site), the platform's name under it, and the states of the page's first read
 * (loading, not found, failed).
 */
import { isApiError } from '@piecework/client';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/error-message';
import { Loading } from '../../components/loading';
import './human-input.css';

/** The page with `platformName` under its content. */
export function HumanInputLayout({
  platformName,
  children,
  wide = false,
}: {
  platformName?: string | undefined;
  children: ReactNode;
  /** The chat fills the window; the form is a centred card. */
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'hi-page hi-page-chat' : 'hi-page'}>
      {children}
      {platformName === undefined ? null : <footer className="hi-platform">{platformName}</footer>}
    </div>
  );
}

/** The page while its flow is read, or when it cannot be: `what` is "form" or "chat". */
export function HumanInputReadState({ error, what }: { error: unknown; what: string }) {
  if (error === null) {
    return (
      <main className="hi-card">
        <Loading label={`Loading the ${what}`} />
      </main>
    );
  }
  const missing = isApiError(error) && error.status === 404;
  return (
    <main className="hi-card" role="alert">
      <h1>{missing ? `This ${what} does not exist` : `The ${what} cannot be opened`}</h1>
      <p className="muted">
        {missing ? `The flow behind it was not found, or it is not published yet.` : errorMessage(error)}
      </p>
    </main>
  );
}
