/**
 * The loading and error states of a platform-admin list (users, API keys, audit events): like
 * `QueryState`, but a 403 answer (the caller is no platform admin) shows an "admins only"
 * message instead of an error. Use it for every query of a `/platform/*` page.
 */
import { isApiError } from '@piecework/client';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/error-message';
import { QueryState } from '../../components/query-state';

/** Renders `children(data)` once `query` has data; "admins only" when the server answered 403. */
export function AdminQueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (isForbidden(query.error)) {
    return <AdminsOnly reason={errorMessage(query.error)} />;
  }
  return (
    <QueryState query={query} label={label}>
      {children}
    </QueryState>
  );
}

/** Whether `error` is the API's 403: the caller is not allowed (here: not a platform admin). */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** The message a non-admin sees on a platform page, with the server's reason. */
export function AdminsOnly({ reason }: { reason: string }) {
  return (
    <div className="notice warning" role="alert">
      <div>
        <strong>Only platform admins can open this page.</strong>
        <div>Ask an admin of your platform if you need it. The server said: {reason}</div>
      </div>
    </div>
  );
}
