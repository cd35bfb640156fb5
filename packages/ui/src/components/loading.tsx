/** A spinner with a label read by screen readers; use while a page's first answer is on its way. */

/** Shows `label` beside a spinner, announced politely. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
