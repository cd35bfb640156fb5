/**
 * Which origin the embedding host page has, so every message the embedded app posts names it and
 * every message it accepts comes from it. Use {@link hostOriginOf} once at boot; a null answer
 * means the app was not opened by `@piecework/embed` and must post nothing.
 */

/** What {@link hostOriginOf} reads of the page (`location.ancestorOrigins`, `document.referrer`). */
export interface EmbeddedPage {
  /** The origins of the frames above this one, nearest first (Chromium and Safari only). */
  readonly ancestorOrigins?: ArrayLike<string> | undefined;
  /** The URL of the page that opened or framed this one ('' when unknown). */
  readonly referrer: string;
}

/** The host's origin: the nearest ancestor frame's, else the referrer's; null when unknown. */
export function hostOriginOf(page: EmbeddedPage): string | null {
  const ancestor = page.ancestorOrigins?.[0];
  if (ancestor !== undefined) return webOrigin(ancestor);
  return page.referrer === '' ? null : webOrigin(page.referrer);
}

/** The http(s) origin of `url`, or null (opaque origins such as `null` or `file:` included). */
function webOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
