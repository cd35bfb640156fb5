import type { Page } from '@piecework/shared';

/** A query that carries the page cursor (every listing query does). */
export interface CursorQuery {
  cursor?: string | undefined;
}

/**
 * A list method of the client, e.g. `client.flows.list`, or a closure over one with path
 * parameters: `(query) => client.flows.listVersions(flowId, query)`.
 */
export type ListMethod<Q extends CursorQuery, T> = (query: Q) => Promise<Page<T>>;

/** The query argument of {@link paginate} and {@link items}: optional when every field of `Q` is. */
export type ListQueryArgs<Q> = object extends Q ? [query?: Q] : [query: Q];

/**
 * Every page of a listing, fetched one at a time as you iterate: the first with `query`, then one
 * per `next` cursor until it is `null`. Stop iterating to stop fetching.
 *
 * @example
 * ```ts
 * for await (const page of paginate(client.flows.list, { projectId, limit: 100 })) {
 *   console.log(page.data.length);
 * }
 * ```
 */
export async function* paginate<Q extends CursorQuery, T>(
  list: ListMethod<Q, T>,
  ...[query]: ListQueryArgs<Q>
): AsyncGenerator<Page<T>, void, undefined> {
  let page = await list({ ...query } as Q);
  yield page;
  while (page.next !== null) {
    const cursor = page.next;
    page = await list({ ...query, cursor } as Q);
    if (page.next === cursor) {
      throw new Error(`The server answered the cursor "${cursor}" with itself as the next cursor`);
    }
    yield page;
  }
}

/**
 * Every item of a listing, across pages (see {@link paginate}).
 *
 * @example
 * ```ts
 * for await (const flow of items(client.flows.list, { projectId })) {
 *   if (flow.status === 'ENABLED') enabled.push(flow.id);
 * }
 * ```
 */
export async function* items<Q extends CursorQuery, T>(
  list: ListMethod<Q, T>,
  ...query: ListQueryArgs<Q>
): AsyncGenerator<T, void, undefined> {
  for await (const page of paginate(list, ...query)) {
    yield* page.data;
  }
}
