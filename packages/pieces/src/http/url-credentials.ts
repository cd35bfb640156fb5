/**
 * Credentials written in a URL (`https://user:pass@host/`), which `fetch` refuses. Use
 * {@link takeUrlCredentials} before fetching such a URL (Activepieces' axios sends
 * them as basic auth), and {@link redactUrl} wherever a URL may reach a message or a log.
 */

/** A URL without its credentials, and the `Authorization` value they make (none without them). */
export interface UrlWithoutCredentials {
  url: URL;
  /** `Basic base64(user:password)` (percent-decoded), or undefined when the URL had none. */
  authorization: string | undefined;
}

/** Splits the credentials off a URL (the URL given is not changed). */
export function takeUrlCredentials(url: URL): UrlWithoutCredentials {
  if (url.username === '' && url.password === '') return { url, authorization: undefined };
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { url: bare, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** The URL as text with its password replaced by `***`, for messages and logs. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return String(url);
  }
  if (parsed.password !== '') parsed.password = '***';
  return parsed.href;
}
