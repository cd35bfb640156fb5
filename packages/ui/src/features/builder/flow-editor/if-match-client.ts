/**
 * A client whose calls carry `If-Match: "<updated>"`: the server applies a flow operation only if
 * the draft is still the one the tab last saw (its `version.updated`), and answers 409 otherwise,
 * so a stale tab never silently overwrites another tab's edit.
 */
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import { apiBaseUrl } from '../../../api/session-context';

/** The client of `token` that sends `If-Match` with the quoted `updated` timestamp. */
export function ifMatchClient(token: string | undefined, updated: string): PieceworkClient {
  return createPieceworkClient({
    baseUrl: apiBaseUrl(),
    token,
    retry: 0,
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('if-match', `"${updated}"`);
      return fetch(request);
    },
  });
}
