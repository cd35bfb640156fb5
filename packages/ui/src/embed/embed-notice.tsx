/** The whole-frame message embed mode shows when it cannot go on (not embedded, sign-in refused). */

/** Props of {@link EmbedNotice}. */
export interface EmbedNoticeProps {
  title: string;
  message: string;
}

/** A titled message filling the frame, announced as an alert. */
export function EmbedNotice({ title, message }: EmbedNoticeProps) {
  return (
    <main className="page narrow" role="alert" data-testid="embed-notice">
      <h1>{title}</h1>
      <p>{message}</p>
    </main>
  );
}
