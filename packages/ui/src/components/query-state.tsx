/**
 * The loading and error states of a query, shown the same way on every page: a spinner while the
 * first answer is on its way, the server's message and a retry button when it failed.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/error-message';
import { Loading } from './loading';

/** Renders `children(data)` once `query` has data; its loading or error state before. */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, e.g. "Loading flows". */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={label} />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** An error message in an alert region, with an optional retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice error" role="alert">
      <span>{errorMessage(error)}</span>
      {onRetry === undefined ? null : (
        <button type="button" className="btn small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
