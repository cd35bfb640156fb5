/**
 * Routes between the host page and the embedded app: the host's `prefix` is normalised once
 * (`/`, `/org/1/`, `org/1` -> ``, `/org/1`, `/org/1`), app routes are joined to it without double
 * slashes, and a host URL is cut back to the app route after it.
 */

/** `route` with one leading slash (`flows` -> `/flows`, `` -> `/`). */
export function withLeadingSlash(route: string): string {
  return route.startsWith('/') ? route : `/${route}`;
}

/** `url` without its trailing slashes (`https://a.io//` -> `https://a.io`). */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/** The host prefix as the SDK keeps it: a leading slash, no trailing one, `/` itself as ``. */
export function normalizePrefix(prefix: string | undefined): string {
  return withoutTrailingSlashes(withLeadingSlash(prefix ?? '/'));
}

/** The host route of an app route: `joinPrefix('/org/1/', 'flows')` is `/org/1/flows`. */
export function joinPrefix(prefix: string | undefined, route: string): string {
  return normalizePrefix(prefix) + withLeadingSlash(route);
}

/**
 * The app route of a host path or URL tail (`rest` after the origin): what follows the prefix, or
 * undefined when `rest` is not under it (`/org/12` is not under `/org/1`).
 */
function routeAfterPrefix(rest: string, prefix: string | undefined): string | undefined {
  const normalized = normalizePrefix(prefix);
  if (!rest.startsWith(normalized)) return undefined;
  const tail = rest.slice(normalized.length);
  if (tail !== '' && !['/', '?', '#'].includes(tail[0] ?? '')) return undefined;
  return withLeadingSlash(tail);
}

/**
 * The route to open first: `embedding.initialRoute`, else — when the host gave a prefix of its
 * own — the host's current path after it, else `/` (Activepieces' default: without a prefix the
 * host's own paths say nothing about the app's).
 */
export function initialRoute(options: {
  initialRoute: string | undefined;
  hostPathname: string;
  prefix: string | undefined;
}): string {
  if (options.initialRoute !== undefined && options.initialRoute !== '') {
    return withLeadingSlash(options.initialRoute);
  }
  if (normalizePrefix(options.prefix) === '') return '/';
  return routeAfterPrefix(options.hostPathname, options.prefix) ?? '/';
}

/**
 * The app route in a host URL (`https://host.io/org/1/flows/abc?x=1` with prefix `/org/1` ->
 * `/flows/abc?x=1`); undefined when the URL is not on `hostOrigin` under the prefix. Use it to
 * open the app where the host's address bar points ("Automatically Sync URL").
 */
export function extractRouteFromUrl(options: {
  vendorUrl: string;
  hostOrigin: string;
  prefix: string | undefined;
}): string | undefined {
  const origin = withoutTrailingSlashes(options.hostOrigin);
  if (!options.vendorUrl.startsWith(origin)) return undefined;
  return routeAfterPrefix(options.vendorUrl.slice(origin.length), options.prefix);
}
